"""The seat rules the live poker room relies on (spec 23.IV, 23.VII): a seat freed is given
to a waiting player by lot among the free seats, never when every seat is taken; a player's
betting actions are offered on his turn only; the bounds the view gives the player in turn
are the ones the engine enforces."""

from __future__ import annotations

from crupier.core.layout import BuyIn
from crupier.core.rng import SeededSource
from crupier.games.circle_poker.actions import (
    AssignSeat,
    Bet,
    DrawSeats,
    IllegalWager,
    Leave,
    SeatError,
    StartDeal,
)
from crupier.games.holdem import Holdem, load_builtin
from crupier.testing import assert_refused


def _table(players: int, seed: int = 5) -> Holdem:
    game = Holdem(load_builtin(), SeededSource(seed))
    for n in range(players):
        game.apply(BuyIn(player=f"p{n}", amount=20_000))
    return game


def test_a_full_table_keeps_the_waiting_list_until_a_seat_frees() -> None:
    game = _table(11)  # hold'em seats 10 (spec 23.2.3)
    game.apply(DrawSeats())
    assert len(game.state.seats) == 10 and len(game.state.waiting) == 1
    (late,) = game.state.waiting
    assert_refused(game, AssignSeat(player=late), SeatError)
    leaver = game.state.seats[7]
    game.apply(Leave(player=leaver))
    game.apply(AssignSeat(player=late))  # the only free seat, drawn by lot among one
    assert game.state.seats[7] == late and game.state.waiting == []


def test_a_seat_by_lot_is_one_of_the_free_seats_and_the_draw_is_logged() -> None:
    seats_taken = set()
    for seed in range(20):
        game = _table(4, seed)
        game.apply(DrawSeats(seats=("p0", "p1", "p2", "p3"), ma=1))
        game.apply(BuyIn(player="p4", amount=20_000))  # a late arrival waits
        assert game.state.waiting == ["p4"]
        draws = len(game.source.draws)
        game.apply(AssignSeat(player="p4"))
        seat = game.state.seat_of("p4")
        assert seat is not None and 5 <= seat <= 10  # seats 1-4 are taken
        assert len(game.source.draws) == draws + 1
        seats_taken.add(seat)
    assert len(seats_taken) > 1  # drawn, not always the same seat


def test_betting_actions_on_his_turn_only_and_the_bounds_the_engine_enforces() -> None:
    game = _table(4)
    game.apply(DrawSeats(seats=("p0", "p1", "p2", "p3"), ma=1))
    game.apply(StartDeal())
    legal = game.legal_actions()
    assert game.seat_actions("p1", legal) == []
    assert {"fold", "check", "bet"} <= set(game.seat_actions("p0", legal))
    deal = game.view("p0")["deal"]
    assert deal["to_act"] == "p0" and deal["to_call"] == 0
    low, high = deal["wager"]["bet"]
    # no limit: at least the minimum bet (2.00), at most all his chips (200.00 - 1.00 ante)
    assert (low, high) == (200, 19_900)
    assert_refused(game, Bet(player="p0", to=low - 1), IllegalWager)
    game.apply(Bet(player="p0", to=low))
    assert game.view(None)["deal"]["to_call"] == low
