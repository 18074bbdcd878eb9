"""One copy of every rule: the layout games read their paytables and switches from the TOML.

For each family (roulette, boule, craps, sic bo) a test edits one value of the built-in
profile, loads it, plays the same round and sees the engine pay what the edited file says;
and a rules file without a section is refused, naming it, because the profile models hold
no values of their own to fall back on.
"""

from __future__ import annotations

from typing import Any

import pytest

from crupier.core.errors import ProfileError
from crupier.core.layout import BuyIn, LayoutGame, NoMoreBets, PlaceBet, Settled
from crupier.core.profile import Profile, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.boule import Boule, BouleProfile, Launch
from crupier.games.boule import Result as BouleResult
from crupier.games.boule import raw_profile as boule_raw
from crupier.games.craps import Craps, CrapsProfile
from crupier.games.craps import Throw as CrapsThrow
from crupier.games.craps import raw_profile as craps_raw
from crupier.games.french_roulette import raw_profile as roulette_raw
from crupier.games.roulette import Direction, FrenchRoulette, Result, RouletteProfile, Spin
from crupier.games.sic_bo import SicBo, SicBoProfile
from crupier.games.sic_bo import Throw as SicBoThrow
from crupier.games.sic_bo import raw_profile as sic_bo_raw


def _edited(raw: dict[str, Any], section: str, key: str, value: object) -> dict[str, Any]:
    raw[section][key] = {"value": value, "source": "edited by the test"}
    return raw


def _win(game: LayoutGame[Any, Any], spot: str, amount: int, steps: list[Action]) -> int:
    """The winnings paid on one bet of ``amount`` on ``spot`` over ``steps``."""
    game.apply(BuyIn(player="ana", amount=1_000_000))
    game.apply(PlaceBet(player="ana", spot=spot, amount=amount, by=Role.PLAYER))
    wins = [
        e.win
        for action in steps
        for e in game.apply(action).events
        if isinstance(e, Settled) and e.spot == game.spot(spot).name
    ]
    assert len(wins) == 1
    return wins[0]


def _roulette(profile: Profile) -> int:
    assert isinstance(profile, RouletteProfile)
    game = FrenchRoulette(profile, SeededSource(1))
    steps: list[Action] = [Spin(wheel=Direction.CW), NoMoreBets(), Result(pocket=17)]
    return _win(game, "straight 17", 1_000, steps)


def _boule(profile: Profile) -> int:
    assert isinstance(profile, BouleProfile)
    game = Boule(profile, SeededSource(1))
    return _win(game, "plein 7", 1_000, [Launch(), NoMoreBets(), BouleResult(number=7)])


def _craps(profile: Profile) -> int:
    assert isinstance(profile, CrapsProfile)
    game = Craps(profile, SeededSource(1))
    game.apply(BuyIn(player="bo", amount=100_000))
    game.apply(PlaceBet(player="bo", spot="win", amount=1_000, by=Role.PLAYER))
    steps: list[Action] = [NoMoreBets(by=Role.STICKMAN), CrapsThrow(dice=(4, 3), by=Role.STICKMAN)]
    return _win(game, "any 7", 1_000, steps)


def _sic_bo(profile: Profile) -> int:
    assert isinstance(profile, SicBoProfile)
    game = SicBo(profile, SeededSource(1))
    return _win(game, "any triple", 1_000, [NoMoreBets(), SicBoThrow(dice=(2, 2, 2))])


FAMILIES = [
    # (model, built-in raw data, section, key, edited value, round, paid before, paid after)
    (RouletteProfile, roulette_raw, "payouts", "straight", "30:1", _roulette, 35_000, 30_000),
    (BouleProfile, boule_raw, "payouts", "number", "6:1", _boule, 7_000, 6_000),
    (CrapsProfile, craps_raw, "payouts", "any_7", "5:1", _craps, 4_000, 5_000),
    (SicBoProfile, sic_bo_raw, "payouts", "any_triple", "30:1", _sic_bo, 24_000, 30_000),
]


@pytest.mark.parametrize(
    ("model", "raw", "section", "key", "value", "play", "before", "after"),
    FAMILIES,
    ids=["roulette", "boule", "craps", "sic-bo"],
)
def test_an_edited_toml_value_is_what_the_engine_pays(
    model: type[Profile],
    raw: Any,
    section: str,
    key: str,
    value: str,
    play: Any,
    before: int,
    after: int,
) -> None:
    assert play(validate_profile(model, raw())) == before
    edited = validate_profile(model, _edited(raw(), section, key, value))
    assert play(edited) == after


@pytest.mark.parametrize(
    ("model", "raw"),
    [(f[0], f[1]) for f in FAMILIES],
    ids=["roulette", "boule", "craps", "sic-bo"],
)
@pytest.mark.parametrize("section", ["payouts", "maxima", "rules"])
def test_a_rules_file_without_a_section_is_refused(
    model: type[Profile], raw: Any, section: str
) -> None:
    data = raw()
    del data[section]
    with pytest.raises(ProfileError, match=rf"^{section}: missing key"):
        validate_profile(model, data)


@pytest.mark.parametrize(
    ("model", "raw"),
    [(f[0], f[1]) for f in FAMILIES],
    ids=["roulette", "boule", "craps", "sic-bo"],
)
def test_a_rules_file_without_a_payout_is_refused_naming_it(model: type[Profile], raw: Any) -> None:
    data = raw()
    key = next(iter(data["payouts"]))
    del data["payouts"][key]
    with pytest.raises(ProfileError, match=rf"^payouts\.{key}: missing key"):
        validate_profile(model, data)
