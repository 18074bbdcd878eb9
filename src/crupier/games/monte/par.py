"""The exact PAR model: every way a coup ends on a layout, every way the layout falls out of
a shuffled pack, the bets' chains on one layout and averaged over all of them, and the
extra tables of the sheet.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from itertools import combinations
from typing import Any

from crupier.core.cards import SPANISH_RANKS, Card, Rank, Suit
from crupier.core.resolution import Resolution, Stay
from crupier.games.monte.bets import (
    BetKind,
    MonteSpot,
    PhaseResult,
    Stage,
    layout_refusal,
    live_row_after,
    resolve_monte,
    spot_of,
)
from crupier.games.monte.cards import PACK
from crupier.games.monte.layout import (
    LayoutProgress,
    MonteLayout,
    complete_layout,
    feed_layout,
    layout_from,
)
from crupier.games.monte.profile import STATUS_KEYS, LayoutRules, MonteProfile
from crupier.i18n import N_

# -- PAR: exact enumeration over the pack ---------------------------------------------------------


@dataclass(frozen=True)
class CoupOutcome:
    """How both phases of a coup end: the primeres and segones results (``segones`` is
    None in the outcomes of a bet that primeres always settles)."""

    primeres: PhaseResult
    segones: PhaseResult | None = None


def coup_outcomes(layout: MonteLayout) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    """Every way a coup on ``layout`` can end, with its exact probability.

    The pack left after the layout is uniformly shuffled. Primeres ends on the first of
    its ``m`` terminators (each equally likely), at position ``j``; the first card of
    segones is the next card, and segones ends on the first card of the live row's
    values (each equally likely). Both are summed exactly over ``j``.

    >>> from crupier.games.monte import load_builtin
    >>> outs = coup_outcomes(layout_from(load_builtin(), "3O 6C RE 1B"))
    >>> sum(p for _, p in outs), sum(p for o, p in outs if o.primeres.first)
    (Fraction(1, 1), Fraction(1, 3))
    """
    return _coup_outcomes(layout.stacks, layout.out, sum(layout.left))


@cache
def _coup_outcomes(
    stacks: tuple[tuple[Card, ...], ...], out: frozenset[Card], terminators: int
) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    n = 40 - len(out)
    ranks = {s[0].rank for s in stacks}
    placed_out = frozenset(c for c in out if c.rank in ranks)
    return _combine(_coup_terms(stacks, placed_out), _pack_scalars(n, n - terminators))


def primeres_outcomes(layout: MonteLayout) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    """How primeres can end on ``layout``, exactly: each of the ``m`` terminators left in
    the ``n`` cards is the first card with probability 1/n, a later card with 1/m - 1/n.

    >>> from crupier.games.monte import load_builtin
    >>> outs = primeres_outcomes(layout_from(load_builtin(), "3O 6C RE 1B"))
    >>> len(outs), sum(p for _, p in outs), sum(p for o, p in outs if o.primeres.first)
    (24, Fraction(1, 1), Fraction(1, 3))
    """
    n, m = 40 - len(layout.out), sum(layout.left)
    return _combine_primeres(
        _primeres_terms(layout.stacks, _placed_out(layout)),
        Fraction(1, n),
        Fraction(1, m) - Fraction(1, n),
    )


@cache
def _primeres_terms(
    stacks: tuple[tuple[Card, ...], ...], placed_out: frozenset[Card]
) -> tuple[Card, ...]:
    placed = [s[0].rank for s in stacks]
    return tuple(c for c in PACK if c.rank in placed and c not in placed_out)


def _combine_primeres(
    terminators: tuple[Card, ...], first: Fraction, later: Fraction
) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    return tuple(
        (outcome, p)
        for outcome, is_first in _primeres_results(terminators)
        if (p := first if is_first else later)
    )


@cache
def _primeres_results(terminators: tuple[Card, ...]) -> tuple[tuple[CoupOutcome, bool], ...]:
    """How primeres ends on each terminator, on the first card drawn or a later one."""
    return tuple(
        (CoupOutcome(PhaseResult(Stage.PRIMERES, t, is_first, is_first)), is_first)
        for t in terminators
        for is_first in (True, False)
    )


def _placed_out(layout: MonteLayout) -> frozenset[Card]:
    ranks = {s[0].rank for s in layout.stacks}
    return frozenset(c for c in layout.out if c.rank in ranks)


@cache
def _pack_scalars(n: int, others: int) -> tuple[Fraction, ...]:
    """The four sums a coup's outcome probabilities are made of, for a pack of ``n`` cards
    of which ``others`` are not terminators: a given terminator is the j-th card (the
    first j - 1 are not terminators) with probability w(j); the next card is one of the
    n - j left. Returns w(1)/(n-1), w(1)*others/(n-1), and over j >= 2 the sums of
    w(j)/(n-j) and w(j)*(others-j+1)/(n-j). j = 1 is the "first card" of the 10 % rule."""
    later_own = later_other = Fraction(0)
    run = Fraction(others, n)  # P(the first j - 1 cards are not terminators)
    for j in range(2, others + 2):
        w = run / (n - j + 1)
        later_own += w / (n - j)
        later_other += w * (others - j + 1) / (n - j)
        run *= Fraction(others - (j - 1), n - (j - 1))
    first_own = Fraction(1, n * (n - 1))
    return (first_own, first_own * others, later_own, later_other)


@cache
def _coup_terms(
    stacks: tuple[tuple[Card, ...], ...], placed_out: frozenset[Card]
) -> tuple[tuple[CoupOutcome, int, Fraction], ...]:
    """The coup's outcomes as (outcome, which of the four pack sums, factor): they depend
    on the placed cards only; the pack's size enters through :func:`_pack_scalars`."""
    placed = [s[0].rank for s in stacks]
    pack = [c for c in PACK if c.rank in placed and c not in placed_out]
    terms: list[tuple[CoupOutcome, int, Fraction]] = []
    for t in pack:
        w_pos = placed.index(t.rank)
        live_ranks = {placed[p] for p in ((2, 3) if w_pos < 2 else (0, 1))}
        live = [c for c in pack if c.rank in live_ranks]
        dead = len(pack) - len(live) - 1
        for first, own, other in ((True, 0, 1), (False, 2, 3)):
            primeres = PhaseResult(Stage.PRIMERES, t, first, first)
            for c2 in live:
                # segones opens on c2 itself, or on a card of the decided row, or another
                opened = PhaseResult(Stage.SEGONES, c2, True, True)
                terms.append((CoupOutcome(primeres, opened), own, Fraction(1)))
                if dead:
                    later = PhaseResult(Stage.SEGONES, c2, False, True)
                    terms.append((CoupOutcome(primeres, later), own, Fraction(dead, len(live))))
                later = PhaseResult(Stage.SEGONES, c2, False, False)
                terms.append((CoupOutcome(primeres, later), other, Fraction(1, len(live))))
    return tuple(terms)


def _combine(
    terms: Sequence[tuple[CoupOutcome, int, Fraction]], scalars: Sequence[Fraction]
) -> tuple[tuple[CoupOutcome, Fraction], ...]:
    # each outcome is one term (one terminator, first or not, one way segones opens), and
    # the terms take few (sum, factor) pairs: each product is made once
    products: dict[tuple[int, Fraction], Fraction] = {}
    out: list[tuple[CoupOutcome, Fraction]] = []
    for outcome, which, factor in terms:
        p = products.get((which, factor))
        if p is None:
            p = products[which, factor] = factor * scalars[which]
        if p:
            out.append((outcome, p))
    return tuple(out)


@dataclass
class MonteChain:
    """One Monte bet on one layout for the exact analyser. A whole coup is one outcome:
    a primeres bet carried to segones is settled on the same coup's segones result.
    A bet placed in segones only counts the coups where its cards stay in play."""

    bet_id: str
    profile: MonteProfile
    layout: MonteLayout
    spot: MonteSpot
    placed_in: Stage = Stage.PRIMERES
    _settled: dict[PhaseResult, Resolution] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def outcomes(self) -> tuple[tuple[CoupOutcome, Fraction], ...]:
        """The coup's outcomes as this bet sees them: a bet that primeres always settles
        sees primeres only; a segones bet sees segones, on the coups its row stays."""
        if self.sees_segones:
            return self.seen(coup_outcomes(self.layout))
        return primeres_outcomes(self.layout)

    @property
    def sees_segones(self) -> bool:
        """True for a segones bet and a horizontal bet (which may be carried)."""
        side_a, side_b = self.spot.side_a, self.spot.side_b
        horizontal = bool(side_a) and {p // 2 for p in side_a + side_b} in ({0}, {1})
        return self.placed_in is Stage.SEGONES or horizontal

    def seen(
        self, outs: Sequence[tuple[CoupOutcome, Fraction]], normalise: bool = True
    ) -> tuple[tuple[CoupOutcome, Fraction], ...]:
        """A whole coup's outcomes as a segones bet sees them: conditioned on its row
        staying in play (``normalise``) or only restricted to it; others unchanged."""
        if self.placed_in is not Stage.SEGONES:
            return tuple(outs)
        # summed as integers over the outcomes' common denominator (they have few), and
        # the row's staying asked once per primeres terminator
        stays: dict[Card, bool] = {}
        kept: list[tuple[CoupOutcome, Fraction]] = []
        for o, p in outs:
            terminator = o.primeres.terminator
            if terminator not in stays:
                stays[terminator] = self._in_play(o)
            if stays[terminator]:
                kept.append((o, p))
        scale = math.lcm(*{p.denominator for _, p in kept})
        merged: dict[PhaseResult | None, tuple[CoupOutcome, int]] = {}
        for o, p in kept:
            weight = p.numerator * (scale // p.denominator)
            seen = merged.get(o.segones)
            merged[o.segones] = (o, weight) if seen is None else (seen[0], seen[1] + weight)
        total = sum(weight for _, weight in merged.values()) if normalise else scale
        return tuple((o, Fraction(weight, total)) for o, weight in merged.values())

    def _in_play(self, outcome: CoupOutcome) -> bool:
        row = live_row_after(self.layout, outcome.primeres.terminator)
        return {p // 2 for p in self.spot.positions} == {row}

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: CoupOutcome) -> Resolution:
        segones = outcome.segones
        if self.placed_in is Stage.PRIMERES:
            # primeres alone (no segones in the outcome): each result comes once, unmemoised
            res = (
                self._resolve(outcome.primeres)
                if segones is not None
                else resolve_monte(self.profile, self.layout, self.spot, outcome.primeres)
            )
            if not isinstance(res, Stay):
                return res
        if segones is None:
            raise ValueError(f"{self.bet_id}: the outcome does not say how segones ends")
        return self._resolve(segones)

    def _resolve(self, result: PhaseResult) -> Resolution:
        # a coup's phases repeat over its outcomes (one primeres result for every way
        # segones ends, and the other way round): each is settled once on this layout
        res = self._settled.get(result)
        if res is None:
            res = self._settled[result] = resolve_monte(
                self.profile, self.layout, self.spot, result
            )
        return res

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


CLEAN_LAYOUT = "3O 6C RE 1B"
"""The spec's layout L0 (no doubled, tripled or burnt card): the PAR sheet's layout."""

PAR_BETS: tuple[tuple[str, str, Stage], ...] = (
    ("vista-hermosa", "vis-3", Stage.PRIMERES),
    ("camo", "camo-3", Stage.PRIMERES),
    ("anti", "anti-3", Stage.PRIMERES),
    ("viudo", "viudo-3", Stage.PRIMERES),
    ("pot", "pot-3", Stage.PRIMERES),
    ("horizontal", "1v2", Stage.PRIMERES),
    ("vertical", "1v3", Stage.PRIMERES),
    ("a-salto", "1v4", Stage.PRIMERES),
    ("rows", "12v34", Stage.PRIMERES),
    ("columns", "13v24", Stage.PRIMERES),
    ("diagonals", "14v23", Stage.PRIMERES),
    ("camo-segones", "camo-3", Stage.SEGONES),
    ("anti-segones", "anti-3", Stage.SEGONES),
    ("viudo-segones", "viudo-3", Stage.SEGONES),
    ("horizontal-segones", "3v4", Stage.SEGONES),
)
"""The PAR sheet's bets: id, the spot on the layout (the multiple bets on P3, a card that
is never doubled), and the phase it is placed in."""


def par_chains(profile: MonteProfile) -> list[MonteChain]:
    """Every Monte bet on a layout without doubled, tripled or burnt cards (spec 13's
    table of house edges), as chains for the exact analyser.

    >>> from crupier.games.monte import load_builtin
    >>> from crupier.analysis.exact import analyse
    >>> [str(analyse(c).house_edge) for c in par_chains(load_builtin())[:5]]
    ['1/12', '11/360', '11/360', '11/360', '1/40']
    """
    layout = layout_from(profile, CLEAN_LAYOUT)
    return [
        MonteChain(bet_id, profile, layout, spot_of(spot), phase)
        for bet_id, spot, phase in PAR_BETS
    ]


@cache
def _suit_index(order: tuple[Suit, ...]) -> dict[Suit, int]:
    return {suit: i for i, suit in enumerate(order)}


def _burnt_counts(rules: LayoutRules, counts: Iterable[int]) -> tuple[int, ...]:
    """The burnt values that hold no box, up to relabelling: every later card of a burnt
    value is burnt too (``burn_burnt_values``), so how many such values and cards suffice;
    otherwise the number of burnt cards of each."""
    counts = list(counts)
    if rules.burn_burnt_values:
        return (len(counts), sum(counts))
    return tuple(sorted(counts))


def _layout_signature(
    rules: LayoutRules, order: tuple[Suit, ...], progress: LayoutProgress
) -> tuple[Any, ...]:
    """A layout up to relabelling the values and rotating each value's suits (the game
    only ever compares suits of one value): layouts with the same signature have the
    same future and the same bets. The suits of a burnt value that holds no box never
    matter: only their counts are kept."""
    idx = _suit_index(order)
    by_rank: dict[Rank, list[int]] = {}
    for c in progress.burnt:
        by_rank.setdefault(c.rank, []).append(idx[c.suit])
    boxes: list[tuple[Any, ...]] = []
    for stack in progress.stacks:
        if not stack:
            boxes.append(())
            continue
        base = idx[stack[0].suit]
        gone = by_rank.pop(stack[0].rank, [])
        boxes.append(
            (
                tuple(sorted((idx[c.suit] - base) % 4 for c in stack[1:])),
                tuple(sorted((i - base) % 4 for i in gone)),
            )
        )
    burnt = _burnt_counts(rules, (len(v) for v in by_rank.values()))
    return (tuple(boxes), burnt, progress.void)


def _count_signature(rules: LayoutRules, progress: LayoutProgress) -> tuple[Any, ...]:
    """A layout up to relabelling the values and permuting each value's suits: the layout
    machine compares values only, so such layouts have the same future. Per box, its
    doubling cards and the burnt cards of its value are counted, not named."""
    by_rank: dict[Rank, int] = {}
    for c in progress.burnt:
        by_rank[c.rank] = by_rank.get(c.rank, 0) + 1
    boxes = tuple((len(s) - 1, by_rank.pop(s[0].rank, 0)) if s else () for s in progress.stacks)
    return (boxes, _burnt_counts(rules, by_rank.values()), progress.void)


def _layout_draws(
    rules: LayoutRules, order: tuple[Suit, ...], progress: LayoutProgress
) -> list[tuple[Card, int]]:
    """The next card of the layout, grouped into classes that lead alike up to permuting
    each value's suits: one card and the number of cards it stands for."""
    gone: dict[Rank, set[Suit]] = {}  # the suits out of the pack, per value (no Card hashing)
    for c in progress.cards:
        gone.setdefault(c.rank, set()).add(c.suit)
    box_ranks = {s[0].rank for s in progress.stacks if s}
    options: list[tuple[Card, int]] = []
    burnt_alike: dict[int, tuple[Card, int]] = {}  # by the cards left of the value
    for rank, suits in gone.items():
        left = [s for s in order if s not in suits]
        if not left:
            continue
        card = Card(rank, left[0])
        if rank in box_ranks:
            options.append((card, len(left)))
            continue
        key = 0 if rules.burn_burnt_values else len(left)  # any burnt value leads alike
        first, ways = burnt_alike.get(key, (card, 0))
        burnt_alike[key] = (first, ways + len(left))
    options += burnt_alike.values()
    fresh = [r for r in SPANISH_RANKS if r not in gone]
    if fresh:  # a card of a value not seen yet: all alike, up to relabelling
        options.append((Card(fresh[0], order[0]), 4 * len(fresh)))
    return options


def _suit_variants(
    order: tuple[Suit, ...], progress: LayoutProgress
) -> list[tuple[LayoutProgress, Fraction]]:
    """Every way to give suits to the doubling cards and the burnt cards of each box's
    value, with its probability: the layout machine compares values only, so given the
    counts each choice of suits (besides the base card's) is equally likely."""
    variants = [(progress, Fraction(1))]
    for i, stack in enumerate(progress.stacks):
        if not stack:
            continue
        rank, base = stack[0].rank, stack[0].suit
        n_double = len(stack) - 1
        n_gone = sum(1 for c in progress.burnt if c.rank == rank)
        if not n_double + n_gone:
            continue
        others = [s for s in order if s != base]
        choices = [
            (doubling, burnt)
            for doubling in combinations(others, n_double)
            for burnt in combinations([s for s in others if s not in doubling], n_gone)
        ]
        share = Fraction(1, len(choices))
        grown: list[tuple[LayoutProgress, Fraction]] = []
        for lay, p in variants:
            for doubling, burnt in choices:
                stacks = tuple(
                    (stack[0], *(Card(rank, s) for s in doubling)) if j == i else s
                    for j, s in enumerate(lay.stacks)
                )
                suits = iter(burnt)
                cards = tuple(Card(rank, next(suits)) if c.rank == rank else c for c in lay.burnt)
                grown.append((LayoutProgress(stacks, cards, lay.void), p * share))
        variants = grown
    return variants


@cache
def _layout_distribution(
    rules: LayoutRules, order: tuple[Suit, ...]
) -> tuple[tuple[LayoutProgress, Fraction], ...]:
    """The layout machine walked over counts (values relabelled, each value's suits
    permuted), weighed by integer numbers of card sequences; the suits of the boxes'
    values are given out at the end (:func:`_suit_variants`)."""
    start = LayoutProgress()
    level: dict[tuple[Any, ...], tuple[LayoutProgress, int]] = {
        _count_signature(rules, start): (start, 1)
    }
    ends: dict[tuple[Any, ...], tuple[LayoutProgress, int, int]] = {}  # progress, ways, taken

    def add(progress: LayoutProgress, ways: int, taken: int) -> None:
        key = _count_signature(rules, progress)
        old = ends.get(key)
        ends[key] = (progress, ways, taken) if old is None else (old[0], old[1] + ways, taken)

    taken = 0
    while level:
        deeper: dict[tuple[Any, ...], tuple[LayoutProgress, int]] = {}
        for progress, count in level.values():
            if taken == 40:  # the pack ran out: the coup is void
                add(LayoutProgress(progress.stacks, progress.burnt, True), count, taken)
                continue
            for card, ways in _layout_draws(rules, order, progress):
                after, _ = feed_layout(rules, progress, card)
                if after.done:
                    add(after, count * ways, taken + 1)
                    continue
                key = _count_signature(rules, after)
                old = deeper.get(key)
                deeper[key] = (
                    (after, count * ways) if old is None else (old[0], old[1] + count * ways)
                )
        level = deeper
        taken += 1
    # each end and choice of suits is one class of _layout_signature: the counts fix the
    # ends apart, and the suits chosen for a box are a different set each time
    return tuple(
        (lay, Fraction(ways, math.perm(40, drawn)) * share)
        for progress, ways, drawn in ends.values()
        for lay, share in _suit_variants(order, progress)
    )


def layout_distribution(profile: MonteProfile) -> tuple[tuple[LayoutProgress, Fraction], ...]:
    """Every way a layout can end, exactly, from a shuffled 40-card pack: one representative
    :class:`LayoutProgress` per class (values relabelled, each value's suits rotated, the
    burnt values that hold no box only counted) with its probability. Void coups are
    included (``progress.void``).

    >>> from crupier.games.monte import load_builtin
    >>> dist = layout_distribution(load_builtin())
    >>> sum(p for _, p in dist)
    Fraction(1, 1)
    >>> sum(p for lay, p in dist if not lay.void and len(lay.cards) == 4)
    Fraction(5376, 9139)
    """
    return _layout_distribution(profile.layout, profile.pack.suit_order)


_GROUPS: dict[
    tuple[Any, ...], tuple[tuple[MonteLayout, tuple[tuple[int, Fraction], ...]], ...]
] = {}


def layout_groups(
    profile: MonteProfile,
) -> tuple[tuple[MonteLayout, tuple[tuple[int, Fraction], ...]], ...]:
    """Every complete layout, exactly, given that the layout is complete, grouped by its
    placed cards (up to relabelling): a representative layout and, for each count k of
    burnt and doubling cards, its probability (the pack then holds 36 - k cards).

    >>> from crupier.games.monte import load_builtin
    >>> groups = layout_groups(load_builtin())
    >>> len(groups), sum(p for _, classes in groups for _, p in classes)
    (49, Fraction(1, 1))
    """
    key = (profile.layout, profile.pack.suit_order, profile.annulment.model_dump_json())
    if key not in _GROUPS:
        order = profile.pack.suit_order
        complete = [(lay, p) for lay, p in layout_distribution(profile) if not lay.void]
        total = sum((p for _, p in complete), Fraction(0))
        groups: dict[Any, tuple[LayoutProgress, dict[int, Fraction]]] = {}
        for progress, p in complete:
            placed = _layout_signature(profile.layout, order, progress)[0]
            _rep, by_k = groups.setdefault(placed, (progress, {}))
            k = len(progress.cards) - 4
            by_k[k] = by_k.get(k, Fraction(0)) + p / total
        _GROUPS[key] = tuple(
            (complete_layout(profile, first), tuple(sorted(by_k.items())))
            for first, by_k in groups.values()
        )
    return _GROUPS[key]


@dataclass(frozen=True)
class _GroupOutcomes:
    """One group's coup outcomes, mixed over its classes (weighted by their probability)."""

    layout: MonteLayout
    coup: tuple[tuple[CoupOutcome, Fraction], ...]
    primeres: tuple[tuple[CoupOutcome, Fraction], ...]
    primeres_by_k: tuple[tuple[MonteLayout, tuple[tuple[CoupOutcome, Fraction], ...]], ...]


def _group_outcomes(profile: MonteProfile) -> list[_GroupOutcomes]:
    out: list[_GroupOutcomes] = []
    for rep, classes in layout_groups(profile):
        m = sum(rep.left)
        sums = [Fraction(0)] * 4
        first = later = Fraction(0)
        by_k = []
        terms = _primeres_terms(rep.stacks, _placed_out(rep))
        for k, p in classes:
            n = 36 - k
            for i, value in enumerate(_pack_scalars(n, n - m)):
                sums[i] += p * value
            f, lt = p / n, p * (Fraction(1, m) - Fraction(1, n))
            first, later = first + f, later + lt
            # the representative's placed cards with the class's k (Vista Hermosa: 32 - k)
            by_k.append((rep if k == rep.k else replace(rep, k=k), _combine_primeres(terms, f, lt)))
        coup = _combine(_coup_terms(rep.stacks, _placed_out(rep)), sums)
        out.append(_GroupOutcomes(rep, coup, _combine_primeres(terms, first, later), tuple(by_k)))
    return out


@dataclass
class MonteAverageChain:
    """One bet averaged exactly over every layout of a shuffled pack, per unit staked each
    time the bet is taken (a segones bet: each time its row stays in play). ``taken`` is
    the probability of that, given a complete layout.

    ``chains`` are the bet on each layout; ``settled`` the coups grouped by how the bet
    settles on them: one coup (the index of its layout's chain and its outcome) stands for
    each way the bet can settle, with the probability of them all, so the analyser weighs
    a handful of results rather than every coup of every layout."""

    bet_id: str
    chains: tuple[MonteChain, ...]
    settled: tuple[tuple[tuple[int, CoupOutcome], Fraction], ...]
    taken: Fraction

    def outcomes(self) -> tuple[tuple[tuple[int, CoupOutcome], Fraction], ...]:
        return self.settled

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: tuple[int, CoupOutcome]) -> Resolution:
        return self.chains[outcome[0]].step(state, outcome[1])

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


class _IntegerWeights:
    """Coup outcome lists as integer weights over one common denominator ``scale``, each
    list converted once: the fifteen bets of the sheet share their layouts' lists."""

    def __init__(self, lists: Iterable[Sequence[tuple[CoupOutcome, Fraction]]]) -> None:
        self._lists = {id(outs): outs for outs in lists}
        dens = {p.denominator for outs in self._lists.values() for _, p in outs}
        self.scale = math.lcm(*dens)
        self._times = {d: self.scale // d for d in dens}  # each division made once
        self._done: dict[int, tuple[tuple[CoupOutcome, int], ...]] = {}

    def of(
        self, outs: Sequence[tuple[CoupOutcome, Fraction]]
    ) -> tuple[tuple[CoupOutcome, int], ...]:
        """``outs`` with each probability times ``scale`` (an integer)."""
        done = self._done.get(id(outs))
        if done is None or self._lists.get(id(outs)) is not outs:
            times = self._times
            done = tuple((o, p.numerator * times[p.denominator]) for o, p in outs)
            self._lists[id(outs)] = outs
            self._done[id(outs)] = done
        return done


def _mixture(
    bet_id: str,
    parts: Sequence[tuple[MonteChain, Sequence[tuple[CoupOutcome, Fraction]]]],
    weights: _IntegerWeights | None = None,
) -> MonteAverageChain:
    """The bet over all its layouts' coups, grouped by the bet's resolution (see
    :class:`MonteAverageChain`). A segones bet keeps the coups in which its row stays in
    play, and its coups are first merged by how segones ends. The probabilities are summed
    as integers over a common denominator (``weights``, shared by the bets of one sheet);
    the only fractions made are the groups'."""
    if weights is None:
        weights = _IntegerWeights(outs for _, outs in parts)
    scale = weights.scale
    groups: dict[Resolution, tuple[tuple[int, CoupOutcome], int]] = {}
    for i, (chain, outs) in enumerate(parts):
        segones = chain.placed_in is Stage.SEGONES
        stays: dict[Card, bool] = {}  # per primeres terminator: the bet's row stays
        alike: dict[PhaseResult | None, tuple[CoupOutcome, int]] = {}
        weighed: Iterable[tuple[CoupOutcome, int]]
        if segones:
            for outcome, weight in weights.of(outs):
                terminator = outcome.primeres.terminator
                if terminator not in stays:
                    stays[terminator] = chain._in_play(outcome)
                if stays[terminator]:
                    seen = alike.get(outcome.segones)
                    alike[outcome.segones] = (
                        (outcome, weight) if seen is None else (seen[0], seen[1] + weight)
                    )
            weighed = alike.values()
        else:  # every coup is a different outcome already
            weighed = weights.of(outs)
        for outcome, weight in weighed:
            res = chain.step("placed", outcome)
            prior = groups.get(res)
            groups[res] = ((i, outcome), weight) if prior is None else (prior[0], prior[1] + weight)
    total = sum(weight for _, weight in groups.values())
    settled = tuple((rep, Fraction(weight, total)) for rep, weight in groups.values())
    return MonteAverageChain(bet_id, tuple(c for c, _ in parts), settled, Fraction(total, scale))


def average_chains(profile: MonteProfile) -> list[MonteAverageChain]:
    """The PAR sheet's bets averaged over every layout (doubled, tripled and burnt cards
    with their exact probabilities), for the exact analyser.

    >>> from crupier.games.monte import load_builtin
    >>> from crupier.analysis.exact import analyse
    >>> chain = average_chains(load_builtin())[1]
    >>> chain.bet_id, f"{float(analyse(chain).house_edge):.6f}"
    ('camo', '0.030128')
    """
    chains: list[MonteAverageChain] = []
    groups = _group_outcomes(profile)
    weights = _IntegerWeights(
        outs
        for g in groups
        for outs in (g.coup, g.primeres, *(outs for _, outs in g.primeres_by_k))
    )
    for bet_id, spot_name, phase in PAR_BETS:
        spot = spot_of(spot_name)
        parts: list[tuple[MonteChain, Sequence[tuple[CoupOutcome, Fraction]]]] = []
        for group in groups:
            rep = group.layout
            members: Sequence[tuple[MonteLayout, Sequence[tuple[CoupOutcome, Fraction]]]]
            if MonteChain(bet_id, profile, rep, spot, phase).sees_segones:
                members = [(rep, group.coup)]
            elif spot.kind is BetKind.VISTA_HERMOSA:
                members = group.primeres_by_k
            else:
                members = [(rep, group.primeres)]
            for lay, outs in members:
                if layout_refusal(profile, lay, spot, phase) is None:
                    chain = MonteChain(bet_id, profile, lay, spot, phase)
                    parts.append((chain, outs))
        chains.append(_mixture(bet_id, parts, weights))
    return chains


def _pct(value: Fraction) -> str:
    return f"{float(value) * 100:.4f} %"


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


SHOWCASE_LAYOUTS: tuple[tuple[str, str], ...] = (
    (N_("L0 clean"), CLEAN_LAYOUT),
    (N_("L1 P2 doubled"), "2O 5C 5E 3B 4C"),
    (N_("L2 P2 tripled"), "2O 5C 5E 5B 3B 4C"),
    ("L3 P1 T, P2 D", "2O 5C 2C 2E 5E 3B 4C"),
    ("L4 P1 D, P2 D", "2O 5C 2E 5B 3B 4C"),
    ("P1 T, P2 T", "2O 5C 2C 2E 5E 5B 3B 4C"),
    (N_("L0, 2 burnt"), "7O 7E 3O 6C RE 1B"),
)
"""The layouts of the "house edge by layout" table (spec 13's L0-L4 and examples 15)."""


def par_outcomes(profile: MonteProfile) -> list[dict[str, Any]]:
    """Exact tables beyond the PAR sheet (which is for a layout without doubled, tripled
    or burnt cards): how the layout falls out of a shuffled pack; every bet's house edge
    averaged over all layouts; and on each of the spec's layouts.

    >>> from crupier.games.monte import load_builtin
    >>> tables = par_outcomes(load_builtin())
    >>> [t["title"][:21] for t in tables]
    ['Layout of a coup (exa', 'House edge over every', 'House edge by layout ']
    >>> tables[1]["rows"][4][:2]
    ['pot', '-1.3141 %']
    >>> tables[0]["rows"][0]
    ['no doubled, tripled or burnt card (k = 0)', '58.8248 %', '5376/9139']
    """
    from crupier.analysis.exact import analyse

    dist = layout_distribution(profile)
    # each complete layout's k (burnt and doubling cards) and P1/P2 status, read once
    complete = [
        (
            sum(len(s) for s in lay.stacks) + len(lay.burnt) - 4,
            "NDT"[len(lay.stacks[0]) - 1] + "NDT"[len(lay.stacks[1]) - 1],
            p,
        )
        for lay, p in dist
        if not lay.void
    ]
    rows: list[list[str]] = []

    def row(label: str, value: Fraction) -> None:
        rows.append([label, _pct(value), _exact(value)])

    row(
        N_("no doubled, tripled or burnt card (k = 0)"),
        sum((p for k, _, p in complete if k == 0), Fraction(0)),
    )
    for key in STATUS_KEYS:
        value = sum((p for _, status, p in complete if status == key), Fraction(0))
        row(N_("P1 {p1}, P2 {p2} (burnt cards or not)", p1=key[0], p2=key[1]), value)
    for k in range(8):
        row(
            N_("k = {k} burnt or doubling cards", k=k),
            sum((p for k_lay, _, p in complete if k_lay == k), Fraction(0)),
        )
    row(N_("k = {k} or more", k=8), sum((p for k, _, p in complete if k >= 8), Fraction(0)))
    row(
        N_("void coup (a 4th card of P1's or P2's value; the pack ran out)"),
        sum((p for lay, p in dist if lay.void), Fraction(0)),
    )
    tables: list[dict[str, Any]] = [
        {
            "title": N_("Layout of a coup (exact over one shuffled 40-card pack)"),
            "columns": [N_("Layout"), N_("Probability"), N_("Exact")],
            "rows": rows,
        }
    ]
    layouts = [(label, layout_from(profile, codes)) for label, codes in SHOWCASE_LAYOUTS]
    by_bet: list[list[str]] = []
    for bet_id, spot, phase in PAR_BETS:
        cells = [f"{bet_id} ({spot})"]
        for _label, lay in layouts:
            chain = MonteChain(bet_id, profile, lay, spot_of(spot), phase)
            if layout_refusal(profile, lay, chain.spot, phase):
                cells.append(N_("refused"))
                continue
            edge = analyse(chain).house_edge
            cells.append(f"{_pct(edge)} ({_exact(edge)})")
        by_bet.append(cells)
    average: list[list[str]] = []
    for mixed in average_chains(profile):
        edge = analyse(mixed).house_edge
        average.append([mixed.bet_id, _pct(edge), _exact(edge), _pct(mixed.taken)])
    tables.append(
        {
            "title": N_(
                "House edge over every layout (exact mixture of all doubled, tripled "
                "and burnt layouts; per unit staked when the bet is taken)"
            ),
            "columns": [N_("Bet"), N_("House edge"), N_("Exact"), N_("Taken on")],
            "rows": average,
        }
    )
    tables.append(
        {
            "title": N_("House edge by layout (exact; the bet as placed on each layout)"),
            "columns": [N_("Bet"), *(label for label, _ in SHOWCASE_LAYOUTS)],
            "rows": by_bet,
        }
    )
    return tables
