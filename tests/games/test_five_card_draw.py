"""Five-card draw (23.1): properties over random deals (chips conserved with the carried
pot, no action out of turn, refusals change nothing, the log replays), hand records (PHH)
that replay to the same result, the computer players and the house take."""

from __future__ import annotations

import copy
import os
import random
from typing import Any

import pytest

from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn
from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import (
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Misdeal,
    OutOfTurn,
    Raise,
    StartDeal,
)
from crupier.games.circle_poker.engine import deck_of
from crupier.games.circle_poker.packs import seated
from crupier.games.circle_poker.phh import export, replay
from crupier.games.circle_poker.takes import house_take
from crupier.games.five_card_draw import FiveCardDraw, load_builtin
from crupier.games.five_card_draw.actions import Draw, DrawState
from crupier.games.five_card_draw.rules import DrawProfile, OpenersChecked

DEALS = 80 if os.environ.get("CRUPIER_LONG") else 12
PROFILES = [("andorra", "at-the-open"), ("andorra32", "at-the-open"), ("andorra", "at-the-end")]


def profile(name: str, checked: str) -> DrawProfile:
    base = load_builtin(name)
    return base.model_copy(
        update={"draw": base.draw.model_copy(update={"openers_checked": OpenersChecked(checked)})}
    )


def table(name: str, checked: str, seed: int, players: int = 5) -> FiveCardDraw:
    p = profile(name, checked)
    rng = random.Random(seed)
    stack = 100 * p.stakes.minimum_bet
    stacks = {f"p{i + 1}": rng.choice([stack // 10, stack // 3, stack]) for i in range(players)}
    game = seated(FiveCardDraw, p, stacks, source=SeededSource(seed))
    assert isinstance(game, FiveCardDraw)
    return game


def random_action(game: FiveCardDraw, rng: random.Random) -> Any:
    """A move for the player to act: mostly a legal one, sometimes a wrong size, card or
    player."""
    ds = game.state
    assert isinstance(ds, DrawState)
    deal = ds.deal
    assert deal is not None and deal.to_act is not None
    p = deal.to_act
    roll = rng.random()
    if roll < 0.1:
        other = rng.choice(deal.order)
        return rng.choice([Check, Call, Fold, AllIn, Draw])(player=other)
    if ds.drawing:
        if roll < 0.2:
            return Draw(player=p, discard=("Ah", "Ah"))
        hand = [str(c) for c in deal.down[p]]
        most = game.bounds()["draw"]
        return Draw(player=p, discard=tuple(rng.sample(hand, rng.randint(0, min(5, most)))))
    if roll < 0.2:
        return rng.choice([Bet, Raise])(player=p, to=rng.randint(1, 10**6))
    bounds = game.bounds()
    moves: list[Any] = [Call(player=p) if bounds["call"] else Check(player=p), Fold(player=p)]
    for word, cls in (("bet", Bet), ("raise", Raise)):
        if word in bounds:
            low, high = bounds[word]
            moves += [cls(player=p, to=rng.randint(min(low, high), high)), AllIn(player=p)] * 2
    return rng.choice(moves)


def chips_on_table(game: FiveCardDraw) -> int:
    s = game.state
    assert isinstance(s, DrawState)
    return sum(s.chips.values()) + (s.deal.pot() if s.deal else 0) + s.house + s.carried


def rebuy(game: FiveCardDraw) -> int:
    amount, added = 50 * game.profile.stakes.minimum_bet, 0
    for name, chips in list(game.state.chips.items()):
        if chips < max(1, game.profile.stakes.ante):
            game.apply(BuyIn(player=name, amount=amount))
            added += amount
    return added


@pytest.mark.parametrize(("name", "checked"), PROFILES)
@pytest.mark.parametrize("seed", range(3))
def test_chips_are_conserved_out_of_turn_refused_refusals_change_nothing(
    name: str, checked: str, seed: int
) -> None:
    rng = random.Random(seed)
    game = table(name, checked, seed)
    total = chips_on_table(game)
    for _ in range(DEALS):
        game.apply(StartDeal())
        if rng.random() < 0.1:
            game.apply(Misdeal(reason="a card found face up in the deck"))
        while game.state.deal is not None:
            action = random_action(game, rng)
            state, log = copy.deepcopy(game.state), list(game.log)
            try:
                game.apply(action)
            except RuleError as exc:
                assert game.state == state and game.log == log, action
                if action.player != state.deal.to_act:  # type: ignore[union-attr]
                    assert isinstance(exc, OutOfTurn)
                continue
            assert action.player == state.deal.to_act  # type: ignore[union-attr]
            assert chips_on_table(game) == total
            deal, ds = game.state.deal, game.state
            assert isinstance(ds, DrawState)
            if deal is not None:  # every card once: hands, the pot's discard, discards, stub
                seen = [c for p in deal.live() for c in deal.down[p]] + [*deal.stub, *deal.burned]
                seen += [*ds.muck, *ds.opener_discard]
                if ds.opener in deal.folded:  # his cards stay on the pot, apart
                    seen += deal.down[ds.opener]
                assert sorted(seen) == sorted(deck_of(game.variant.deck))
        total += rebuy(game)
    replayed = FiveCardDraw.replay(game.profile, game.log)
    assert replayed.state == game.state


@pytest.mark.parametrize(("name", "checked"), PROFILES)
def test_every_deal_exports_to_phh_and_replays_to_the_same_result(name: str, checked: str) -> None:
    game = table(name, checked, 11, players=5)
    reshuffles = 0
    for _ in range(DEALS * 2):
        rebuy(game)
        game.apply(StartDeal())
        while game.state.deal is not None:
            action = game.bot_action()
            assert action is not None
            game.apply(action)
        result = game.state.results[-1]
        text = export(game, result)
        assert 'variant = "P5D"' in text
        reshuffles += "stub reshuffled" in text
        again = replay(text).state.results[-1]
        assert again.pots == result.pots and again.winners == result.winners
        assert again.final == result.final and again.rake == result.rake
        assert again.shown == result.shown and again.dead == result.dead
    if name == "andorra32":
        assert reshuffles  # 32 cards, five players: the stub runs out and the records replay


def test_draw_actions_are_written_as_phh_stand_pat_or_discard() -> None:
    game = table("andorra", "at-the-open", 3)
    for _ in range(30):
        rebuy(game)
        game.apply(StartDeal())
        while game.state.deal is not None:
            game.apply(game.bot_action())  # type: ignore[arg-type]
        actions = game.state.results[-1].actions
        sd = [i for i, a in enumerate(actions) if " sd" in a]
        if sd:
            break
    for i in sd:
        words = actions[i].split()
        if len(words) > 2:  # a discard is followed by the cards received
            follow = actions[i + 1].split()
            assert follow[:3] == ["d", "dh", words[0]] and len(follow[3]) == len(words[2])


def test_house_take_is_simulated_with_the_bots() -> None:
    take = house_take("five-card-draw", load_builtin(), players=5, deals=40, seed=2)
    assert take.deals == 40 and take.per_deal > 0 and take.option == "rake"
