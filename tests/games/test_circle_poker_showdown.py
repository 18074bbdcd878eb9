"""The showdown in circle poker's view (spec 23.VII): between deals the view shows how the
last deal ended, to every seat and to the public alike: every player who did not fold
shows his cards (the last bettor first), the dealer reads each combination (its best five
and its name), and the pots go to their winners. A folded hand is never shown; a player
left alone takes the pot without showing. The names are the hand names of
``crupier.i18n.hands``, read in each reader's language.

The packs are entered (``stacked``), so every hand is known in advance.
"""

from __future__ import annotations

import json

from crupier.core.layout import BuyIn
from crupier.games.catalogue import game_module, load_profile
from crupier.games.circle_poker.actions import Fold, StartDeal
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.packs import seated, stacked
from crupier.i18n import gettext

PLAYERS = ("S1", "S2", "S3", "S4")


def table(game_id: str, stack: int = 100_000) -> CirclePoker:
    engine = game_module(game_id).engine
    return seated(engine, load_profile(game_id), dict.fromkeys(PLAYERS, stack))  # type: ignore[arg-type]


def play_out(game: CirclePoker) -> None:
    """Everyone still in checks or calls to the end of the deal."""
    while game.to_act() is not None:
        action = game.auto_action()
        assert action is not None
        game.apply(action)


def every_view(game: CirclePoker) -> list[str]:
    """The public view and each player's own view, as the server sends them."""
    return [json.dumps(game.view(seat)) for seat in (None, *PLAYERS)]


def test_holdem_shows_the_hands_still_in_and_never_a_folded_one() -> None:
    game = table("holdem")
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    board = ["As", "9c", "5d", "Jh", "4s"]
    game.apply(StartDeal(order=stacked(game.variant, holes, board)))
    folded = []
    for _ in range(2):  # the first two players to speak fold
        player = game.to_act()
        assert player is not None
        folded.append(player)
        game.apply(Fold(player=player))
    play_out(game)
    assert game.state.deal is None
    hole = dict(zip(PLAYERS, holes, strict=True))
    stayed = [p for p in PLAYERS if p not in folded]
    views = every_view(game)
    for text in views:  # a folded hand is on no one's screen, not even its owner's
        assert not any(f'"{c}"' in text for p in folded for c in hole[p])
    public = game.view(None)["showdown"]
    assert all(game.view(p)["showdown"] == public for p in PLAYERS)  # the same to all
    hands = {h["player"]: h for h in public["hands"]}
    assert sorted(hands) == sorted(stayed)
    for player in stayed:
        assert hands[player]["cards"] == hole[player]
        best = hands[player]["best"]
        assert len(best) == 5 and set(best) <= set(hole[player]) | set(board)
    expected = {
        "S1": ("three of a kind", {"Ah", "Ad", "As"}),  # 23.VII: the dealer reads the hand
        "S2": ("pair", {"Kc", "Kd"}),
        "S3": ("high card", set()),
        "S4": ("high card", set()),
    }
    for player in stayed:
        name, within = expected[player]
        assert hands[player]["hand"] == name
        assert within <= set(hands[player]["best"])
    assert public["board"] == board
    (pot,) = public["pots"]
    # aces set > kings > S4's ace-jack-nine-eight > S3's ace-jack-nine-seven
    winner = next(p for p in ("S1", "S2", "S4", "S3") if p in stayed)
    assert pot["winners"] == [winner]
    assert hands[winner]["won"] == pot["amount"] - public["rake"] == public["won"][winner]
    assert all(hands[p]["won"] == 0 for p in stayed if p != winner)


def test_the_last_bettor_shows_first_and_everyone_still_in_shows() -> None:
    game = table("holdem")
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    game.apply(StartDeal(order=stacked(game.variant, holes, ["As", "9c", "5d", "Jh", "4s"])))
    while game.state.deal is not None and game.state.deal.street < 3:
        action = game.auto_action()
        assert action is not None
        game.apply(action)
    bettor = game.to_act()  # on the river the first to speak bets, the others call
    assert bettor is not None
    low = game.view(None)["deal"]["wager"]["bet"][0]
    game.apply(game.actions["bet"](player=bettor, to=low))
    play_out(game)
    shown = [h["player"] for h in game.view(None)["showdown"]["hands"]]
    order = list(game.state.results[-1].order)
    i = order.index(bettor)
    assert shown == order[i:] + order[:i]  # 23.VII: the last bettor, then clockwise


def test_a_player_left_alone_takes_the_pot_without_showing() -> None:
    game = table("holdem")
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    game.apply(StartDeal(order=stacked(game.variant, holes, ["As", "9c", "5d", "Jh", "4s"])))
    for _ in range(3):
        player = game.to_act()
        assert player is not None
        game.apply(Fold(player=player))
    assert game.state.deal is None
    showdown = game.view(None)["showdown"]
    assert showdown["hands"] == []
    (pot,) = showdown["pots"]
    (alone,) = pot["winners"]
    for text in every_view(game):  # no hole card of the deal is on any screen
        assert not any(f'"{c}"' in text for h in holes for c in h)
    assert showdown["won"] == {alone: pot["amount"] - showdown["rake"]}


def test_the_showdown_is_shown_between_deals_only() -> None:
    game = table("holdem")
    assert "showdown" not in game.view(None)  # no deal finished yet
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    game.apply(StartDeal(order=stacked(game.variant, holes, ["As", "9c", "5d", "Jh", "4s"])))
    assert "showdown" not in game.view(None)
    play_out(game)
    assert game.view(None)["showdown"]["number"] == 1
    game.apply(StartDeal())
    assert all("showdown" not in game.view(seat) for seat in (None, *PLAYERS))


def test_short_pack_names_the_flush_above_the_full_house() -> None:
    """Spec 23, example 11: in the 32-card game S2's flush beats S3's full house."""
    game = table("five-card-stud")
    holes = [
        ["Qd", "7d", "8s", "9c", "Tc"],
        ["Ah", "7h", "9h", "Jh", "Qh"],
        ["8d", "Kc", "Kd", "Ks", "8c"],
        ["Ad", "7s", "9s", "Td", "Jd"],
    ]
    game.apply(StartDeal(order=stacked(game.variant, holes)))
    play_out(game)
    showdown = game.view(None)["showdown"]
    names = {h["player"]: h["hand"] for h in showdown["hands"]}
    assert names == {"S1": "high card", "S2": "flush", "S3": "full house", "S4": "high card"}
    assert [p["winners"] for p in showdown["pots"]] == [["S2"]]


def test_omaha_reads_exactly_two_own_cards() -> None:
    """23.2.2: two own cards and three common ones. S1's single heart makes no flush
    with four hearts on the board; S2's two hearts make a straight flush."""
    game = table("omaha")
    holes = [
        ["Ah", "Ks", "2d", "3s"],
        ["Th", "8h", "5c", "6d"],
        ["Kd", "Kc", "2c", "3c"],
        ["5s", "5h", "6s", "6c"],
    ]
    board = ["Qh", "Jh", "9h", "4h", "7c"]
    game.apply(StartDeal(order=stacked(game.variant, holes, board)))
    play_out(game)
    hands = {h["player"]: h for h in game.view(None)["showdown"]["hands"]}
    assert {p: h["hand"] for p, h in hands.items()} == {
        "S1": "high card",
        "S2": "straight flush",
        "S3": "pair",
        "S4": "pair",
    }
    assert sorted(hands["S2"]["best"]) == sorted(["Th", "8h", "Qh", "Jh", "9h"])
    for player, hole in zip(PLAYERS, holes, strict=True):
        assert len(set(hands[player]["best"]) & set(hole)) == 2


def test_hand_names_read_in_the_readers_language() -> None:
    game = table("holdem")
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    game.apply(StartDeal(order=stacked(game.variant, holes, ["As", "9c", "5d", "Jh", "4s"])))
    play_out(game)
    hands = {h["player"]: h["hand"] for h in game.view(None)["showdown"]["hands"]}
    assert [gettext(hands["S1"], lang) for lang in ("en", "ca", "es", "fr")] == [
        "three of a kind",
        "trio",
        "trío",
        "brelan",
    ]


def test_a_new_buy_in_between_deals_keeps_the_showdown() -> None:
    game = table("holdem")
    holes = [["Ah", "Ad"], ["Kc", "Kd"], ["2c", "7d"], ["3h", "8s"]]
    game.apply(StartDeal(order=stacked(game.variant, holes, ["As", "9c", "5d", "Jh", "4s"])))
    play_out(game)
    before = game.view(None)["showdown"]
    game.apply(BuyIn(player="S5", amount=10_000))
    assert game.view(None)["showdown"] == before
