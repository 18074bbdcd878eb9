"""Differential test: five-card draw through crupier's engine and PokerKit (its single-draw
game with the standard high hand) on the same cards and random legal actions: the same
turns at the betting and at the draw, the same bet and raise bounds, the same final stacks.
The disagreements met are the ones listed in docs/games/poker-room.md."""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

pytest.importorskip("pokerkit")

from draw_reference import play_one

HANDS = 3000 if os.environ.get("CRUPIER_LONG") else 120
KNOWN = {"pointless-raise", "fixed-limit-cap", "raise-cap", "short-all-in-reopens", "odd-chips"}


@pytest.mark.parametrize("kind", ["nl-draw", "pl-draw", "fl-draw"])
def test_five_card_draw_agrees_with_pokerkit(kind: str) -> None:
    known: Counter[str] = Counter()
    for seed in range(HANDS):
        diffs, met, ours, theirs = play_one(kind, seed)
        assert not diffs, (kind, seed, diffs)
        if ours != theirs:
            assert (
                sum(ours) == sum(theirs)
                and max(abs(a - b) for a, b in zip(ours, theirs, strict=True)) < 4
            ), (kind, seed, ours, theirs)
            known["odd-chips"] += 1
        known.update(set(met))
    assert set(known) <= KNOWN, known
