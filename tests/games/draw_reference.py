"""Five-card draw through crupier's engine and PokerKit side by side on the same cards and
the same random legal actions; every difference reported (used by the differential test).

PokerKit has no high five-card draw; it is built here as PokerKit builds its deuce-to-seven
single draw (:class:`pokerkit.SingleDraw`), with the standard high hand. What both express:
the mà (PokerKit's first position) opens, so the draw and the second interval start from him
in both; the betting then goes by both engines' own rules. Not compared: openers, blank
hands and false openers (PokerKit has none), PokerKit's burn before the draw (the seed burns
none: we give PokerKit's burn a card nobody holds), the stub reshuffle (four players never
exhaust the 52 cards)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from pokerkit import (
    Deck,
    FixedLimitPokerMixin,
    Mode,
    NoLimitPokerMixin,
    PotLimitPokerMixin,
    SingleDraw,
    StandardHighHand,
    State,
)
from pokerkit_bridge import AUTO, apply_ours, betting_choices, low_and_random, mirror, without_rake

from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    StartDeal,
)
from crupier.games.circle_poker.engine import deck_of
from crupier.games.circle_poker.packs import seated
from crupier.games.circle_poker.profile import Structure
from crupier.games.five_card_draw import FiveCardDraw, load_builtin
from crupier.games.five_card_draw.actions import Draw, DrawState
from crupier.games.five_card_draw.rules import DrawProfile


class _High:
    deck: ClassVar[Deck] = Deck.STANDARD
    hand_types: ClassVar[tuple[Any, ...]] = (StandardHighHand,)
    hole_dealing_count: ClassVar[int] = 5


class NoLimitDraw(NoLimitPokerMixin, _High, SingleDraw):  # type: ignore[misc]
    """No-limit five-card draw, high."""


class PotLimitDraw(PotLimitPokerMixin, _High, SingleDraw):  # type: ignore[misc]
    """Pot-limit five-card draw, high."""


class FixedLimitDraw(FixedLimitPokerMixin, _High, SingleDraw):  # type: ignore[misc]
    """Fixed-limit five-card draw, high (one unit in both intervals)."""


KINDS = {
    "nl-draw": (NoLimitDraw, Structure.NO_LIMIT),
    "pl-draw": (PotLimitDraw, Structure.POT_LIMIT),
    "fl-draw": (FixedLimitDraw, Structure.FIXED_LIMIT),
}


def profile_for(kind: str, ante: int, bmin: int) -> DrawProfile:
    return without_rake(load_builtin(), ante=ante, minimum_bet=bmin, structure=KINDS[kind][1],
                        big_bet_from=9)  # fmt: skip


def play_one(kind: str, seed: int) -> tuple[list[str], list[str], list[int], list[int]]:
    """One deal through both engines: (differences, known disagreements met, our final
    stacks, PokerKit's)."""
    rng = random.Random(seed)
    n = 4
    ante, bmin = rng.choice([(1, 2), (2, 4), (5, 10)])
    stacks = [rng.choice([bmin * 3, bmin * 10, bmin * 40, rng.randint(bmin + ante + 1, 400)])
              for _ in range(n)]  # fmt: skip
    names = [f"p{i + 1}" for i in range(n)]
    game = seated(FiveCardDraw, profile_for(kind, ante, bmin), dict(zip(names, stacks, strict=True)),
                  source=SeededSource(seed))  # fmt: skip
    # p1 (the mà, PokerKit's first position) holds aces: he may open at any level
    deck = [str(c) for c in deck_of(52) if str(c) not in ("Ah", "Ad")]
    rng.shuffle(deck)
    hands = [["Ah", "Ad", *deck[:3]]] + [deck[3 + 5 * i : 8 + 5 * i] for i in range(n - 1)]
    rest = deck[3 + 5 * (n - 1) :]
    order = [hands[i][k] for k in range(5) for i in range(n)] + rest
    game.apply(StartDeal(order=tuple(order)))
    cls = KINDS[kind][0]
    ref: State = cls(AUTO, True, ante, 0, bmin, mode=Mode.CASH_GAME)(tuple(stacks), n)
    for k in range(5):
        for i in range(n):
            ref.deal_hole(hands[i][k])
    diffs: list[str] = []
    known: list[str] = []
    received: dict[int, list[str]] = {}
    first = True
    while game.state.deal is not None:
        ds = game.state
        assert isinstance(ds, DrawState)
        deal = ds.deal
        assert deal is not None and deal.to_act is not None
        player = deal.to_act
        i = deal.order.index(player)
        if ds.drawing:
            if ref.stand_patter_or_discarder_index != i:
                diffs.append(
                    f"draw turn: ours {player}, theirs p{ref.stand_patter_or_discarder_index}"
                )
                break
            hand = [str(c) for c in deal.down[player]]
            gone = rng.sample(hand, rng.randint(0, 3))
            game.apply(Draw(player=player, discard=tuple(gone)))
            if game.state.deal is not None:
                now = [str(c) for c in game.state.deal.down[player]]
            else:
                now = list(game.state.results[-1].cards[i])
            received[i] = [c for c in now if c not in hand]
            ref.stand_pat_or_discard("".join(gone))
            _burn(ref, received, rest)
            _deal_draws(ref, received)
            continue
        if ref.actor_index != i:
            diffs.append(f"turn: ours {player}, theirs p{ref.actor_index}")
            break
        choices = betting_choices(game, ref, low_and_random(rng), diffs, known)
        if first:  # the mà opens (see the module's docstring)
            choices = [c for c in choices if isinstance(c, (Bet, AllIn))] or choices
        action = rng.choice(choices)
        own = apply_ours(game, action)
        if own is None:
            continue
        first = False
        mirror(ref, action, own, i)
    _burn(ref, received, rest)
    _deal_draws(ref, received)
    ours = [game.state.chips[p] for p in names]
    return diffs, known, ours, list(ref.stacks)


def _burn(ref: State, received: dict[int, list[str]], rest: list[str]) -> None:
    """PokerKit's burn after the discards, before the draw cards: a card nobody receives
    (the seed burns none)."""
    if ref.can_burn_card():
        ref.burn_card(rest[-1])


def _deal_draws(ref: State, received: dict[int, list[str]]) -> None:
    """The draw cards each player got from us, as PokerKit asks for them."""
    for i in sorted(received):
        while received[i] and ref.can_deal_hole(received[i][0], i):
            ref.deal_hole(received[i].pop(0), i)


__all__ = ["KINDS", "play_one"]
