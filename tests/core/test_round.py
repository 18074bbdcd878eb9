"""The round model's generic guarantees, shown on Sic Bo (the simplest game)."""

import copy
import json

import pytest

from crupier.core.errors import (
    ALL_ERRORS,
    MalformedAction,
    NotPermitted,
    ReplayMismatch,
    RuleError,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Entry, action_from_dict
from crupier.games.catalogue import load_profile, new_game
from crupier.games.sic_bo import SicBo, Throw


def test_error_codes_are_unique_and_stable() -> None:
    codes = [e.code for e in ALL_ERRORS]
    assert len(codes) == len(set(codes))
    assert all(issubclass(e, ValueError) for e in ALL_ERRORS)


def session(seed: int = 11) -> SicBo:
    game = new_game("sic-bo", source=SeededSource(seed))
    assert isinstance(game, SicBo)
    game.apply(BuyIn(player="ana", amount=20_000))
    game.apply(BuyIn(player="bo", amount=20_000))
    for _ in range(5):
        game.apply(PlaceBet(player="ana", spot="small", amount=500, by=Role.PLAYER))
        game.apply(PlaceBet(player="bo", spot="total 10", amount=200, by=Role.PLAYER))
        game.apply(NoMoreBets())
        game.apply(Throw())
    return game


def test_verify_can_apply() -> None:
    game = new_game("sic-bo", source=SeededSource(1))
    buy = BuyIn(player="ana", amount=1000)
    assert game.can(buy)
    game.verify(buy)
    record = game.apply(buy)
    assert record.entry.seq == 1 and game.log == [record.entry]
    late = Throw()
    assert not game.can(late)
    with pytest.raises(WrongPhase):
        game.verify(late)


def test_refusal_changes_nothing() -> None:
    game = session()
    before_state, before_log = copy.deepcopy(game.state), list(game.log)
    draws = list(game.source.draws)
    for bad in (
        BuyIn(player="ana", amount=1000, by=Role.PLAYER),  # a player cannot sell himself chips
        PlaceBet(player="ana", spot="small", amount=100, by=Role.DIRECTOR),
        Throw(),  # betting is open: no throw yet
    ):
        with pytest.raises(RuleError):
            game.apply(bad)
    assert game.state == before_state and game.log == before_log
    assert game.source.draws == draws


def test_wrong_role_is_not_permitted() -> None:
    game = new_game("sic-bo", source=SeededSource(1))
    with pytest.raises(NotPermitted) as info:
        game.apply(BuyIn(player="ana", amount=1000, by=Role.PLAYER))
    assert info.value.code == "not-permitted"


def test_every_draw_is_in_the_log() -> None:
    game = session()
    logged = [d for e in game.log for d in e.draws]
    assert logged == game.source.draws
    assert len(logged) == 15  # five throws of three dice


def test_replay_rebuilds_the_same_game() -> None:
    game = session()
    profile = load_profile("sic-bo")
    again = SicBo.replay(profile, game.log)
    assert again.state == game.state
    from_json = SicBo.replay(profile, json.loads(game.log_json()))
    assert from_json.state == game.state and from_json.log == game.log


def test_replay_refuses_a_tampered_log() -> None:
    game = session()
    entries = json.loads(game.log_json())
    throw = next(e for e in entries if e["action"]["kind"] == "throw")
    throw["draws"] = throw["draws"][:2]
    with pytest.raises(ReplayMismatch):
        SicBo.replay(load_profile("sic-bo"), entries)
    extra = json.loads(game.log_json())
    extra[0]["draws"] = [[6, 1]]
    with pytest.raises(ReplayMismatch):
        SicBo.replay(load_profile("sic-bo"), extra)


def test_malformed_actions_are_refused() -> None:
    for bad in (
        {"kind": "teleport"},
        {"kind": "place-bet", "player": "a", "spot": "small", "amount": 1, "colour": "x"},
        "place-bet",
        {"kind": "place-bet", "by": "emperor", "player": "a", "spot": "small", "amount": 1},
    ):
        with pytest.raises(MalformedAction):
            action_from_dict(bad, SicBo.actions)  # type: ignore[arg-type]


def test_entry_round_trip() -> None:
    game = session()
    for entry in game.log:
        assert SicBo.entry_from_dict(json.loads(json.dumps(entry.to_dict()))) == entry
    assert isinstance(game.log[0], Entry)
