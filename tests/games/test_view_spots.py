"""The betting spots a table's view offers (``view["spots"]``) are the engine's own bets.

A screen draws the layout from the view: every spot it offers must be one a player may bet
on now (placed and accepted by the engine), and the places must match the profile's boxes.
"""

from __future__ import annotations

import re

import pytest

from crupier.core.errors import RuleError
from crupier.core.layout import BuyIn, PlaceBet
from crupier.core.roles import Role
from crupier.games.catalogue import new_game

GAMES = (
    "triple-blackjack",
    "triple-play",
    "three-card-poker",
    "four-card-poker",
    "casino-holdem",
    "holdem-bonus",
    "trijoker",
    "mahjong-pai-gow",
)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_spot_of_the_view_takes_a_bet(game_id: str) -> None:
    game = new_game(game_id)
    spots = game.view(None)["spots"]
    assert spots and len(set(spots)) == len(spots)
    lo = game.profile.limits.minimum
    for spot in spots:  # one player per numbered place (one for a game without places)
        player = "p" + "".join(re.findall(r"-(\d+)", spot)[:1])
        if player not in game.state.players:
            game.apply(BuyIn(player=player, amount=100 * lo))
        game.apply(PlaceBet(player=player, spot=spot, amount=lo, by=Role.PLAYER))
    assert len(game.view(None)["bets"]) >= len(spots)


@pytest.mark.parametrize(("game_id", "per_place"), [("triple-blackjack", 3), ("triple-play", 3)])
def test_the_spots_cover_every_place_of_the_profile(game_id: str, per_place: int) -> None:
    """Spec 19 and 21: each player space has three boxes; the profile says how many spaces."""
    game = new_game(game_id)
    assert len(game.view(None)["spots"]) == per_place * game.profile.rules.boxes


def test_mahjong_offers_tie_and_pair_only_while_the_set_allows() -> None:
    """Spec 17: Tie and Pair are closed from the fourth round of a set."""
    game = new_game("mahjong-pai-gow")
    assert {s.split("-")[0] for s in game.view(None)["spots"]} == {"win", "lose", "tie", "pair"}
    game.state.set_round = game.profile.rules.side_bets_closed_from
    spots = game.view(None)["spots"]
    assert {s.split("-")[0] for s in spots} == {"win", "lose"}
    game.apply(BuyIn(player="ana", amount=10_000))
    with pytest.raises(RuleError):
        game.apply(PlaceBet(player="ana", spot="tie-1", amount=500, by=Role.PLAYER))


def test_four_card_poker_offers_its_play_multiples() -> None:
    """Spec 18: the Play bet is one to three times the Ante."""
    assert new_game("four-card-poker").view(None)["play_multiples"] == [1, 2, 3]
