"""Punto banco engine: bad inputs, roles, seats and the Punt hand, shoes, replay, invariants."""

from __future__ import annotations

import copy
import json
import tomllib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crupier.core.errors import (
    BetOverMaximum,
    BettingClosed,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    MalformedAmount,
    NotPermitted,
    ProfileError,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, PlaceBet, TakeDown, Void
from crupier.core.profile import dump_profile, merge, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games import punto_banco as pb
from crupier.games.builtin import builtin_raw
from crupier.games.punto_banco import (
    Burn,
    Deal,
    DeclineShoe,
    LeaveSeat,
    NewShoe,
    PuntoBanco,
    PuntoBancoProfile,
    TakeSeat,
)


def profile(**over: Any) -> PuntoBancoProfile:
    return validate_profile(PuntoBancoProfile, merge(builtin_raw("punto-banco", "andorra"), over))


def electronic(seed: int = 5, prof: PuntoBancoProfile | None = None) -> PuntoBanco:
    game = PuntoBanco(prof or pb.load_builtin(), SeededSource(seed))
    game.apply(NewShoe())
    for name in ("ana", "bo", "cy"):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


# -- profiles --------------------------------------------------------------------------------


def test_builtin_profiles_load_and_cite_sources() -> None:
    andorra, spain = pb.load_builtin("andorra"), pb.load_builtin("spain-1979")
    assert spain.profile == "spain-1979" and spain.shoe == andorra.shoe
    assert andorra.shoe.decks == 6 and andorra.shoe.cards_below_stop == 7
    assert "DEFAULT" in andorra.source_of("rules.banker_table")
    assert "INTERPRETATION" in andorra.source_of("rules.tie_main_bets")
    assert not andorra.side_bets.tie and not andorra.side_bets.pairs


def test_profile_round_trips_through_toml() -> None:
    prof = pb.load_builtin()
    again = validate_profile(PuntoBancoProfile, tomllib.loads(dump_profile(prof)))
    assert again == prof


@pytest.mark.parametrize(
    ("over", "key"),
    [
        ({"rules": {"banker_table": {"3": "TTT"}}}, "rules.banker_table"),
        ({"rules": {"player_draws": [8]}}, "rules.player_draws"),
        ({"rules": {"tie_main_bets": "keep"}}, "rules.tie_main_bets"),
        ({"shoe": {"decks": 9}}, "shoe.decks"),
        ({"shoe": {"cards_below_stop": 2}}, "shoe.cards_below_stop"),
        ({"commission": {"rate": "1:1"}}, "commission.rate"),
        ({"commission": {"rounding": "sideways"}}, "commission.rounding"),
        ({"maxima": {"times_minimum": 75}}, "maxima.times_minimum"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_profiles_name_the_key(over: dict[str, Any], key: str) -> None:
    with pytest.raises(ProfileError, match=key.replace(".", r"\.")):
        profile(**over)


# -- bad inputs --------------------------------------------------------------------------------


def betting() -> PuntoBanco:
    return electronic()


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (PlaceBet(player="ana", spot="banker", amount=200_001, by=Role.PLAYER), BetOverMaximum),
        (PlaceBet(player="ana", spot="banker", amount=1_999, by=Role.PLAYER), BetUnderMinimum),
        (PlaceBet(player="ana", spot="dragon", amount=2_000, by=Role.PLAYER), UnknownSpot),
        (PlaceBet(player="ana", spot="tie", amount=2_000, by=Role.PLAYER), UnknownSpot),
        (PlaceBet(player="ana", spot="player pair", amount=2_000, by=Role.PLAYER), UnknownSpot),
        (PlaceBet(player="ana", spot="banker", amount="20", by=Role.PLAYER), MalformedAmount),  # type: ignore[arg-type]
        (PlaceBet(player="ana", spot="banker", amount=0, by=Role.PLAYER), MalformedAmount),
        (PlaceBet(player="ana", spot="banker", amount=True, by=Role.PLAYER), MalformedAmount),
        (PlaceBet(player="ana", spot="banker", amount=2_000, by=Role.HEAD), NotPermitted),
        (NoMoreBets(by=Role.PLAYER), NotPermitted),
        (Deal(), WrongPhase),
        (NewShoe(), IllegalAction),
        (DeclineShoe(player="ana"), IllegalAction),
        (TakeSeat(player="ana", seat=13), MalformedAction),
        (Burn(count=0), MalformedAction),
        (Burn(cards=("Ah",)), MalformedAction),
        (Deal(by=Role.STICKMAN), NotPermitted),
    ],
)
def test_refused_actions_change_nothing(action: Action, error: type[RuleError]) -> None:
    game = betting()
    state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
    with pytest.raises(error):
        game.apply(action)
    assert game.state == state and game.log == log
    assert not game.can(action)


def test_bet_after_no_more_bets_is_refused() -> None:
    game = betting()
    game.apply(NoMoreBets())
    with pytest.raises(BettingClosed):
        game.apply(PlaceBet(player="ana", spot="banker", amount=2_000, by=Role.PLAYER))
    with pytest.raises(WrongPhase):
        game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))


def test_deal_by_a_player_who_does_not_hold_the_shoe() -> None:
    game = betting()
    game.apply(TakeSeat(player="ana", seat=1))
    game.apply(TakeSeat(player="bo", seat=2))
    assert game.state.shoe_holder == 1
    game.apply(NoMoreBets())
    with pytest.raises(NotPermitted):
        game.apply(Deal(player="bo", by=Role.PLAYER))
    with pytest.raises(NotPermitted):
        game.apply(Deal(by=Role.PLAYER))
    game.apply(Deal(player="ana", by=Role.PLAYER))


def test_live_deal_input_errors() -> None:
    game = PuntoBanco(pb.load_builtin())
    with pytest.raises(MalformedAction, match="orders 4"):
        game.apply(NewShoe(live=True, burn=("3h", "2c")))
    with pytest.raises(MalformedAction):
        game.apply(NewShoe(live=True, burn=("Zz",)))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    game.apply(NoMoreBets())
    with pytest.raises(MalformedAction, match="needs more cards"):
        game.apply(Deal(cards=("2h", "3d", "3s", "Kc", "4h")))
    with pytest.raises(MalformedAction, match="beyond"):
        game.apply(Deal(cards=("5h", "Kd", "3c", "7s", "2c", "2d")))
    with pytest.raises(MalformedAction, match="not in the shoe"):
        game.apply(Deal(cards=("Ah",) * 6))  # five aces of hearts are left, not six
    record = game.apply(Deal(cards=("5h", "Kd", "3c", "7s", "2c")))  # error 3: one extra card
    assert any("burnt" in getattr(e, "text", "") for e in record.events)
    assert game.state.shoe is not None and game.state.shoe.taken == 2 + 5


def test_electronic_shoe_refuses_entered_cards() -> None:
    game = betting()
    game.apply(NoMoreBets())
    with pytest.raises(MalformedAction):
        game.apply(Deal(cards=("5h", "Kd", "3c", "7s")))
    with pytest.raises(MalformedAction):
        game.apply(Deal(stop_card=True))


# -- burn procedure, seats, Punt hand -----------------------------------------------------------


def test_new_shoe_burns_the_exposed_card_and_its_value() -> None:
    for seed in range(20):
        game = PuntoBanco(pb.load_builtin(), SeededSource(seed))
        game.apply(NewShoe())
        shoe = game.state.shoe
        assert shoe is not None and len(shoe.exposed) == 1
        assert len(shoe.burnt) == pb.burn_value(shoe.exposed[0])
        assert shoe.remaining == 312 - 1 - len(shoe.burnt)
    game = PuntoBanco(profile(shoe={"burn_exposed_card": False}), SeededSource(1))
    game.apply(NewShoe())
    shoe = game.state.shoe
    assert shoe is not None and len(shoe.burnt) + 1 == pb.burn_value(shoe.exposed[0])


def test_punt_hand_goes_to_highest_punt_bettor_seat_order_on_ties() -> None:
    game = betting()
    game.apply(TakeSeat(player="cy", seat=2))
    game.apply(TakeSeat(player="bo", seat=5))
    game.apply(PlaceBet(player="ana", spot="player", amount=5_000, by=Role.PLAYER))  # standing
    game.apply(PlaceBet(player="bo", spot="player", amount=5_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="cy", spot="player", amount=3_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="cy", spot="player", amount=2_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    game.apply(Deal())
    assert game.state.punt_holder == "cy"  # 5 000 like the others, first from seat 1


def test_croupier_holds_punt_without_punt_bets() -> None:
    game = betting()
    game.apply(PlaceBet(player="ana", spot="banker", amount=5_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    record = game.apply(Deal())
    assert game.state.punt_holder is None
    assert any("croupier holds" in getattr(e, "text", "") for e in record.events)


def test_decline_rotation_and_croupier_deals_when_nobody_will() -> None:
    game = betting()
    for seat, name in ((3, "ana"), (7, "bo"), (14, "cy")):
        game.apply(TakeSeat(player=name, seat=seat))
    assert game.state.shoe_holder == 3
    game.apply(DeclineShoe(player="ana", by=Role.PLAYER))
    assert game.state.shoe_holder == 7
    with pytest.raises(IllegalAction):
        game.apply(DeclineShoe(player="ana", by=Role.PLAYER))
    game.apply(DeclineShoe(player="bo", by=Role.PLAYER))
    game.apply(DeclineShoe(player="cy", by=Role.PLAYER))
    assert game.state.shoe_holder is None
    game.apply(NoMoreBets())
    game.apply(Deal())


def test_holder_leaving_passes_the_shoe() -> None:
    game = betting()
    game.apply(TakeSeat(player="ana", seat=1))
    game.apply(TakeSeat(player="bo", seat=4))
    game.apply(LeaveSeat(player="ana", by=Role.PLAYER))
    assert game.state.shoe_holder == 4
    with pytest.raises(RuleError):
        game.apply(LeaveSeat(player="ana", by=Role.PLAYER))


def test_standing_players_may_be_refused() -> None:
    game = electronic(prof=profile(rules={"standing_players_may_bet": False}))
    with pytest.raises(IllegalAction):
        game.apply(PlaceBet(player="ana", spot="banker", amount=5_000, by=Role.PLAYER))
    game.apply(TakeSeat(player="ana", seat=1))
    game.apply(PlaceBet(player="ana", spot="banker", amount=5_000, by=Role.PLAYER))


def test_players_deal_off_means_the_croupier_deals() -> None:
    game = electronic(prof=profile(rules={"players_deal": False}))
    game.apply(TakeSeat(player="ana", seat=1))
    game.apply(NoMoreBets())
    game.apply(Deal())
    assert game.state.shoe_holder is None


def test_side_bets_when_offered() -> None:
    game = PuntoBanco(profile(side_bets={"tie": True, "pairs": True}))
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    game.apply(BuyIn(player="ana", amount=100_000))
    for spot in ("tie", "player-pair", "banker-pair"):
        game.apply(PlaceBet(player="ana", spot=spot, amount=2_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=("6h", "3d", "6s", "3c", "Kh")))  # 6-6 pair, 3-3 pair; 2 v 6
    wins = {e.to_dict()["spot"]: e.to_dict()["win"] for e in record.events if e.kind == "settled"}
    assert wins == {"tie": 0, "player-pair": 22_000, "banker-pair": 22_000}
    game.apply(PlaceBet(player="ana", spot="tie", amount=2_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=("6h", "3d", "Ks", "3c")))
    assert [e.to_dict()["win"] for e in record.events if e.kind == "settled"] == [16_000]


# -- whole sessions -----------------------------------------------------------------------------


def long_session(seed: int = 21, coups: int = 120) -> PuntoBanco:
    game = electronic(seed)
    game.apply(TakeSeat(player="ana", seat=1))
    game.apply(TakeSeat(player="bo", seat=2))
    for i in range(coups):
        game.apply(
            PlaceBet(player="ana", spot="banker", amount=2_000 + 100 * (i % 7), by=Role.PLAYER)
        )
        game.apply(PlaceBet(player="cy", spot="player", amount=5_000, by=Role.PLAYER))
        game.apply_all(game.auto_round())
    return game


def test_a_long_session_ends_shoes_and_balances() -> None:
    game = long_session()
    assert game.state.shoes >= 2  # at least one shoe ran out to its stop card
    assert game.state.rounds == 120 and game.state.balance() == 0
    assert game.state.commission > 0
    view = game.view()
    json.dumps(view)
    assert view["shoe"]["decks"] == 6 and len(view["last_results"]) == 12


def test_replay_from_log_and_from_json() -> None:
    game = long_session(seed=4, coups=90)
    again = PuntoBanco.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = PuntoBanco.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state
    assert from_json.log_json() == game.log_json()


def test_replay_of_a_live_table() -> None:
    game = PuntoBanco(pb.load_builtin())
    game.apply(NewShoe(live=True, burn=("Ah", "Ad")))
    game.apply(BuyIn(player="ana", amount=100_000))
    game.apply(PlaceBet(player="ana", spot="banca", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("6h", "4d", "2s", "5c")))
    game.apply(CashOut(player="ana"))
    again = PuntoBanco.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and again.state.cashed_out == 109_500


# -- the invariant under random play -------------------------------------------------------------

PLAYERS = ["ana", "bo", "cy", "zed"]
SPOTS = ["banker", "player", "banca", "tie", "player-pair", "dragon"]
AMOUNTS = [0, -5, 1_999, 2_000, 2_500, 5_000, 100_000, 200_000, 250_000]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.HEAD, Role.SYSTEM]

actions = st.one_of(
    st.builds(BuyIn, player=st.sampled_from(PLAYERS), amount=st.sampled_from([50_000, 0, 400_000])),
    st.builds(CashOut, player=st.sampled_from(PLAYERS)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(SPOTS),
        amount=st.sampled_from(AMOUNTS),
        by=st.sampled_from(ROLES),
    ),
    st.builds(
        TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(0, 30), by=st.sampled_from(ROLES)
    ),
    st.builds(NoMoreBets, by=st.sampled_from(ROLES)),
    st.builds(Deal, player=st.sampled_from([None, *PLAYERS]), by=st.sampled_from(ROLES)),
    st.builds(NewShoe, cut=st.sampled_from([None, 0, 5, 400])),
    st.builds(Burn, count=st.integers(0, 3)),
    st.builds(TakeSeat, player=st.sampled_from(PLAYERS), seat=st.sampled_from([1, 2, 13, 14, 20])),
    st.builds(LeaveSeat, player=st.sampled_from(PLAYERS), by=st.sampled_from(ROLES)),
    st.builds(DeclineShoe, player=st.sampled_from(PLAYERS), by=st.sampled_from(ROLES)),
    st.builds(Void),
)

likely = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS[:3]),
        spot=st.sampled_from(SPOTS[:5]),
        amount=st.sampled_from([2_000, 2_500, 5_000]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(NewShoe),
    st.builds(TakeDown, player=st.sampled_from(PLAYERS[:3]), bet=st.integers(1, 30)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(likely, likely, actions), min_size=20, max_size=80),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    prof = profile(side_bets={"tie": True, "pairs": True}, shoe={"decks": 1})
    game = PuntoBanco(prof, SeededSource(seed))
    game.apply(NewShoe())
    for name in PLAYERS[:3]:
        game.apply(BuyIn(player=name, amount=100_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = PuntoBanco.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


@pytest.mark.parametrize("seed", range(6))
def test_long_random_walks_keep_the_balance(seed: int) -> None:
    """Hundreds of actions, mostly legal, drawn by a seeded walk (several shoes of one deck)."""
    import random

    rnd = random.Random(seed)
    prof = profile(side_bets={"tie": True, "pairs": True}, shoe={"decks": 1})
    game = PuntoBanco(prof, SeededSource(seed))
    game.apply(NewShoe())
    for name in PLAYERS[:3]:
        game.apply(BuyIn(player=name, amount=200_000))
    refused = 0
    for _ in range(600):
        action = _walk_action(rnd, game)
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            refused += 1
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    assert game.state.rounds >= 10 and game.state.shoes >= 2
    assert PuntoBanco.replay(prof, json.loads(game.log_json())).state == game.state


def _walk_action(rnd: Any, game: PuntoBanco) -> Action:
    roll = rnd.random()
    name = rnd.choice(PLAYERS)
    if roll < 0.35:
        return PlaceBet(
            player=name,
            spot=rnd.choice(SPOTS),
            amount=rnd.choice(AMOUNTS),
            by=rnd.choice([Role.PLAYER, Role.PLAYER, Role.CROUPIER, Role.HEAD]),
        )
    if roll < 0.5:
        return NoMoreBets()
    if roll < 0.65:
        holder = game.state.seats.get(game.state.shoe_holder or 0)
        return Deal(player=holder or name, by=rnd.choice([Role.PLAYER, Role.CROUPIER]))
    if roll < 0.7:
        return NewShoe()
    if roll < 0.75:
        return TakeDown(player=name, bet=rnd.randrange(1, game.state.next_bet + 1))
    if roll < 0.8:
        return TakeSeat(player=name, seat=rnd.choice([1, 2, 3, 13]))
    if roll < 0.83:
        return LeaveSeat(player=name)
    if roll < 0.86:
        return DeclineShoe(player=name, by=Role.PLAYER)
    if roll < 0.89:
        return Burn(count=rnd.choice([0, 1, 2]))
    if roll < 0.92:
        return Void()
    if roll < 0.96:
        return BuyIn(player=name, amount=rnd.choice([0, 50_000]))
    return CashOut(player=name)
