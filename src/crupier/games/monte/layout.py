"""The layout: a small state machine fed one card at a time (placed, doubled, tripled,
burnt), and the complete layout with its statuses, counters and annulled cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from crupier.core.cards import Card, Rank
from crupier.games.monte.cards import _STEP, _candidates, card_name, parse_card
from crupier.games.monte.profile import (
    SIMPLE_TYPES,
    End,
    LayoutRules,
    LowerPair,
    MonteProfile,
    PackRules,
)
from crupier.i18n import N_

# -- the layout: a small state machine fed one card at a time ------------------------------------


@dataclass(frozen=True)
class LayoutProgress:
    """The layout so far: the four boxes (base card first, then the doubling cards on it),
    the burnt cards, and whether the coup was annulled."""

    stacks: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    burnt: tuple[Card, ...] = ()
    void: bool = False

    @property
    def next_box(self) -> int | None:
        """The box the next card is drawn for (None once the layout is complete)."""
        return next((i for i, s in enumerate(self.stacks) if not s), None)

    @property
    def done(self) -> bool:
        """True when the layout is complete or the coup void."""
        return self.void or self.next_box is None

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card out of the pack: the placed ones and the burnt ones."""
        return tuple(c for s in self.stacks for c in s) + self.burnt

    def out_of_pack(self, rank: Rank) -> int:
        """How many cards of ``rank`` are out of the pack."""
        return sum(1 for c in self.cards if c.rank == rank)


def _replace(stacks: tuple[tuple[Card, ...], ...], box: int, stack: tuple[Card, ...]) -> Any:
    return tuple(stack if i == box else s for i, s in enumerate(stacks))


def feed_layout(
    rules: LayoutRules, progress: LayoutProgress, card: Card
) -> tuple[LayoutProgress, str]:
    """Place, double, triple or burn the next card of the layout (seed VI.3, VI.4.1).

    Returns the new progress and the croupier's words for what happened.

    >>> from crupier.games.monte import load_builtin
    >>> p = LayoutProgress()
    >>> for code in ("7O", "7E", "3O", "6C", "6E"):
    ...     p, said = feed_layout(load_builtin().layout, p, parse_card(code)); print(said)
    primera carta 7O: P1
    segona carta 7E has the value of P1 7O: both burnt
    primera carta 3O: P1
    segona carta 6C: P2
    6E has the value of P2 6C: doubled
    """
    box = progress.next_box
    if box is None or progress.void:
        raise ValueError(N_("the layout is already complete"))
    stacks, burnt = progress.stacks, progress.burnt
    name = card_name(card)
    words = ("primera carta", "segona carta", "tercera carta", "quarta carta")[box]
    if rules.burn_burnt_values and any(b.rank == card.rank for b in burnt):
        return LayoutProgress(
            stacks, (*burnt, card)
        ), f"{name} has the value of a burnt card: burnt"
    if box == 1 and card.rank == stacks[0][0].rank:
        first = stacks[0][0]
        return (
            LayoutProgress(_replace(stacks, 0, ()), (*burnt, first, card)),
            f"{words} {name} has the value of P1 {card_name(first)}: both burnt",
        )
    if box >= 2:
        for target in (0, 1):
            if stacks[target][0].rank == card.rank:
                base = card_name(stacks[target][0])
                if progress.out_of_pack(card.rank) + 1 >= 4:
                    return (
                        LayoutProgress(
                            _replace(stacks, target, (*stacks[target], card)), burnt, True
                        ),
                        f"{name}: all four cards of the value of P{target + 1} {base} are out: "
                        "the coup is void",
                    )
                grown = (*stacks[target], card)
                how = "doubled" if len(grown) == 2 else "tripled"
                return (
                    LayoutProgress(_replace(stacks, target, grown), burnt),
                    f"{name} has the value of P{target + 1} {base}: {how}",
                )
        if box == 3 and card.rank == stacks[2][0].rank:
            third = stacks[2][0]
            if rules.lower_pair is LowerPair.BURN_BOTH:
                return (
                    LayoutProgress(_replace(stacks, 2, ()), (*burnt, third, card)),
                    f"{words} {name} has the value of P3 {card_name(third)}: both burnt",
                )
            return (
                LayoutProgress(stacks, (*burnt, card)),
                f"{words} {name} has the value of P3 {card_name(third)}: burnt",
            )
    return (
        LayoutProgress(_replace(stacks, box, (card,)), burnt),
        f"{words} {name}: P{box + 1}",
    )


def layout_end(pack: PackRules, box: int) -> End:
    """The end of the pack the card for ``box`` is taken from (seed VI.4.1).

    >>> from crupier.games.monte import load_builtin
    >>> layout_end(load_builtin().pack, 0), layout_end(load_builtin().pack, 3)
    (<End.BOTTOM: 'bottom'>, <End.TOP: 'top'>)
    """
    return pack.first_cards_from if box < 2 else pack.lower_cards_from


# -- a complete layout: statuses, counters, annulled cards ----------------------------------------


@dataclass(frozen=True)
class MonteLayout:
    """A complete layout and everything the coup's bets depend on.

    ``left[i]``: cards of Pi's value still in the pack; ``k``: burnt plus doubling cards
    (Vista Hermosa); ``d``: doubling cards (camo, anti, viudo); ``annulled``: per simple
    bet type, the cards on which it neither wins nor loses.
    """

    stacks: tuple[tuple[Card, ...], ...]
    burnt: tuple[Card, ...]
    out: frozenset[Card]
    left: tuple[int, ...]
    k: int
    d: int
    annulled: Mapping[str, frozenset[Card]]

    def base(self, pos: int) -> Card:
        """The card placed first in box ``pos`` (the designations are taken from it)."""
        return self.stacks[pos][0]

    def doubled(self, pos: int) -> int:
        """The number of doubling cards on box ``pos`` (0, 1 or 2)."""
        return len(self.stacks[pos]) - 1

    def status(self, pos: int) -> str:
        """``N``, ``D`` or ``T``."""
        return "NDT"[min(self.doubled(pos), 2)]

    def position_of(self, rank: Rank) -> int | None:
        """The box holding a card of ``rank``, if any."""
        return self._positions.get(rank)

    @cached_property
    def _positions(self) -> dict[Rank, int]:
        return {stack[0].rank: i for i, stack in enumerate(self.stacks)}

    def in_pack(self, card: Card) -> bool:
        """True if ``card`` was still in the pack when the layout was complete."""
        return card not in self.out

    def describe(self) -> str:
        """``P1 3O | P2 6C+6E / P3 RE | P4 1B``."""
        names = [
            f"P{i + 1} " + "+".join(card_name(c) for c in s) for i, s in enumerate(self.stacks)
        ]
        return f"{names[0]} | {names[1]} / {names[2]} | {names[3]}"


def annulments(
    profile: MonteProfile,
    stacks: tuple[tuple[Card, ...], ...],
    out: frozenset[Card],
    left: Sequence[int],
) -> dict[str, frozenset[Card]]:
    """The annulled cards of every simple bet type (spec 13, Doubled and tripled cards).

    The profile's table lists the designations for the statuses of P1 and P2; they are
    walked in order, skipping cards no longer in the pack, never annulling more than
    needed to give both sides the same number of winning cards. If the sides still
    differ, more cards of the larger side are annulled (positions with most cards
    first, in the fallback order camo, viudo, anti).
    """
    if len(set(left)) == 1:  # every side holds as many winning cards: nothing is annulled
        return dict.fromkeys(SIMPLE_TYPES, frozenset())
    order = profile.pack.suit_order
    index = {suit: i for i, suit in enumerate(order)}
    key = "".join("NDT"[min(len(stacks[p]) - 1, 2)] for p in (0, 1))
    out_map: dict[str, frozenset[Card]] = {}
    for bet_type, (side_a, side_b) in SIMPLE_TYPES.items():
        count_a, count_b = sum(left[p] for p in side_a), sum(left[p] for p in side_b)
        big = side_a if count_a > count_b else side_b
        need = abs(count_a - count_b)
        chosen: list[Card] = []
        if not need:
            out_map[bet_type] = frozenset()
            continue
        candidates = [*_candidates(profile.annulment.table[bet_type][key])]
        candidates += [
            (pos, kind)
            for pos in sorted(big, key=lambda p: (-left[p], p))
            for kind in profile.annulment.fallback_order
        ]
        for pos, kind in candidates:
            if not need:
                break
            if pos not in big:
                continue
            base = stacks[pos][0]  # the designated card (see designated())
            card = Card(base.rank, order[(index[base.suit] + _STEP[kind]) % 4])
            if card not in out and card not in chosen:
                chosen.append(card)
                need -= 1
        out_map[bet_type] = frozenset(chosen)
    return out_map


def complete_layout(profile: MonteProfile, progress: LayoutProgress) -> MonteLayout:
    """The :class:`MonteLayout` of a complete layout.

    >>> from crupier.games.monte import load_builtin
    >>> p = LayoutProgress()
    >>> for code in ("2O", "5C", "5E", "3B", "4C"):
    ...     p, _ = feed_layout(load_builtin().layout, p, parse_card(code))
    >>> lay = complete_layout(load_builtin(), p)
    >>> lay.k, lay.d, lay.status(1), sorted(card_name(c) for c in lay.annulled["rows"])
    (1, 1, 'D', ['4E'])
    """
    if not progress.done or progress.void:
        raise ValueError(N_("the layout is not complete"))
    out = frozenset(progress.cards)
    left = tuple(4 - progress.out_of_pack(s[0].rank) for s in progress.stacks)
    d = sum(len(s) - 1 for s in progress.stacks)
    return MonteLayout(
        stacks=progress.stacks,
        burnt=progress.burnt,
        out=out,
        left=left,
        k=len(progress.burnt) + d,
        d=d,
        annulled=annulments(profile, progress.stacks, out, left),
    )


def layout_from(profile: MonteProfile, codes: str) -> MonteLayout:
    """The complete layout that the cards ``codes`` (in the order drawn) make.

    >>> from crupier.games.monte.profile import load_builtin
    >>> layout_from(load_builtin(), "2O 5C 5E 3B 4C").describe()
    'P1 2O | P2 5C+5E / P3 3B | P4 4C'
    """
    progress = LayoutProgress()
    for code in codes.split():
        progress, _ = feed_layout(profile.layout, progress, parse_card(code))
    return complete_layout(profile, progress)
