"""The PAR model's layout classes against a walk that names every card's suit.

``layout_distribution`` walks the layout machine over counts of each value's cards and
gives the suits out at the end. The reference here feeds the machine real cards one by
one, keeps every suit, and merges layouts only up to relabelling the values and rotating
each value's suits (the game's own symmetry): both must give every class the same exact
probability.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

import crupier.games.monte as mt
from crupier.core.cards import SPANISH_RANKS, Card, Rank
from crupier.games.monte.profile import LayoutRules, LowerPair

ORDER = mt.load_builtin().pack.suit_order


def rotation_class(progress: mt.LayoutProgress) -> tuple[Any, ...]:
    """The layout up to relabelling values and rotating each value's suits; a burnt value
    without a box by its number of burnt cards (every later card of it is burnt too)."""
    idx = {s: i for i, s in enumerate(ORDER)}
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
    burnt = sorted(len(v) for v in by_rank.values())
    return (tuple(boxes), tuple(burnt), progress.void)


def walk_over_suits(rules: LayoutRules) -> dict[tuple[Any, ...], Fraction]:
    """Every next card of the layout fed by name: each card of a box's value, one card of
    each burnt value for all of its cards, one of a value not seen yet for them all."""
    level = {rotation_class(mt.LayoutProgress()): (mt.LayoutProgress(), 1)}
    finals: dict[tuple[Any, ...], Fraction] = {}
    taken = 0
    while level:
        deeper: dict[tuple[Any, ...], tuple[mt.LayoutProgress, int]] = {}
        for progress, count in level.values():
            if taken == 40:
                key = rotation_class(mt.LayoutProgress(progress.stacks, progress.burnt, True))
                finals[key] = finals.get(key, Fraction(0)) + Fraction(count, math.perm(40, 40))
                continue
            out = set(progress.cards)
            seen = {c.rank for c in out}
            boxes = {s[0].rank for s in progress.stacks if s}
            options = [(c, 1) for c in mt.PACK if c.rank in boxes and c not in out]
            for rank in seen - boxes:  # a burnt value: any of its cards is burnt alike
                left = [c for c in mt.PACK if c.rank == rank and c not in out]
                options += [(left[0], len(left))] if left else []
            fresh = [r for r in SPANISH_RANKS if r not in seen]
            if fresh:
                options.append((Card(fresh[0], ORDER[0]), 4 * len(fresh)))
            for card, ways in options:
                after, _ = mt.feed_layout(rules, progress, card)
                key = rotation_class(after)
                if after.done:
                    p = Fraction(count * ways, math.perm(40, taken + 1))
                    finals[key] = finals.get(key, Fraction(0)) + p
                    continue
                old = deeper.get(key)
                deeper[key] = (after, count * ways + (old[1] if old else 0))
        level = deeper
        taken += 1
    return finals


@pytest.mark.parametrize("lower_pair", [LowerPair.BURN_BOTH, LowerPair.BURN_CARD])
def test_layout_classes_match_a_walk_over_named_suits(lower_pair: LowerPair) -> None:
    prof = mt.load_builtin()
    rules = prof.layout.model_copy(update={"lower_pair": lower_pair})
    expected = walk_over_suits(rules)
    got: dict[tuple[Any, ...], Fraction] = {}
    for lay, p in mt.par._layout_distribution(rules, ORDER):
        # burnt values without a box are counted, not named, by the PAR model
        got[rotation_class(lay)] = got.get(rotation_class(lay), Fraction(0)) + p

    def by_boxes(dist: dict[tuple[Any, ...], Fraction]) -> dict[Any, Fraction]:
        """Burnt values without a box by how many and how many cards (the PAR model's
        class keeps no more)."""
        merged: dict[Any, Fraction] = {}
        for (boxes, burnt, void), p in dist.items():
            key = (boxes, len(burnt), sum(burnt), void)
            merged[key] = merged.get(key, Fraction(0)) + p
        return merged

    assert sum(got.values()) == 1
    assert by_boxes(got) == by_boxes(expected)
