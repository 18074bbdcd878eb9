"""The kernels settle as the engines do: the kernel's own stream of outcomes fed to a game's
engine, every bet placed again as soon as it is settled, and every settlement compared with
the kernel's tables, round for round (spec 06 craps, 16 sic bo, 04 boule, 02 American
roulette; French roulette and the shoe games have theirs beside their kernels)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from crupier.analysis.simulate import OutcomeSpace, compile_game, draw_outcomes
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Game, Record
from crupier.games import load_profile

STAKE = 9_240  # 2^3 3 5 7 11: every payout of these games is a whole number of cents


def follow(
    game: Game,
    space: OutcomeSpace,
    spots: dict[str, str],
    rounds: int,
    seed: int,
    play: Callable[[Game, object], Record],
    by: Role = Role.PLAYER,
    when: Callable[[Game, str], bool] = lambda game, bet_id: True,
    stake: int = STAKE,
) -> int:
    """Feed ``rounds`` of the kernel's outcomes to ``game``; every bet of ``spots`` (PAR id to
    the spot as a player names it) stands on the layout, placed again once settled, and the
    kernel's state walks beside it. Returns the settlements compared. The kernel's net per
    unit staked times the stake is exact; the engine pays it rounded down to the chip."""
    tables = {b.bet_id: b for b in space.bets}
    unit = game.profile.limits.chip_unit  # type: ignore[attr-defined]
    assert game.profile.limits.rounding == "down"  # type: ignore[attr-defined]
    draws = draw_outcomes(space, np.random.Generator(np.random.PCG64(seed)), rounds)
    state = dict.fromkeys(spots, 0)
    standing = dict.fromkeys(spots, False)
    compared = 0
    for o in draws.tolist():
        for bet_id, spot in spots.items():
            if not standing[bet_id] and when(game, bet_id):
                game.apply(PlaceBet(player="ana", spot=spot, amount=stake, by=by))
                standing[bet_id] = True
        record = play(game, space.outcomes[o])
        nets: dict[str, int] = {}
        for e in record.events:
            if isinstance(e, Settled):
                nets[e.spot] = nets.get(e.spot, 0) + e.net
        for bet_id, spot in spots.items():
            if not standing[bet_id]:
                continue
            table, s = tables[bet_id], state[bet_id]
            name = game.spot(spot).name  # type: ignore[attr-defined]
            after = int(table.nxt[s, o])
            if after < 0:
                # the engine pays in the profile's chips, the odd part rounded down
                exact = float(table.net[s, o]) * stake
                paid = nets.get(name)
                assert paid is not None and exact - unit < paid <= exact + 1e-6, (bet_id, o)
                state[bet_id], standing[bet_id] = 0, False
                compared += 1
            else:
                assert not nets.get(name), (bet_id, space.outcomes[o])
                state[bet_id] = after
    return compared


def test_craps_engine_settles_the_kernels_rolls_as_its_tables_say() -> None:
    # spec 06: the line bets through their point, the come bets (placed once a point is
    # set, as the table allows) through their own, the place, lay, hard-way and one-roll
    # bets on every roll (this profile's bets all work on the come-out)
    from crupier.games.craps.engine import Craps, Throw
    from crupier.games.craps.par import PAR_BETS

    profile = load_profile("craps")
    assert not profile.rules.off_on_come_out  # type: ignore[attr-defined]
    (space,) = compile_game("craps", profile)
    game = Craps(profile, SeededSource(1))  # type: ignore[arg-type]
    game.apply(BuyIn(player="ana", amount=10**10))

    def throw(g: Game, dice: object) -> Record:
        g.apply(NoMoreBets(by=Role.STICKMAN))
        return g.apply(Throw(dice=dice, by=Role.STICKMAN))  # type: ignore[arg-type]

    def when(g: Game, bet_id: str) -> bool:
        return bet_id not in ("come", "dont-come") or g.state.point is not None  # type: ignore[attr-defined]

    spots = {bet_id: spot for bet_id, spot, point in PAR_BETS if point is None}
    assert follow(game, space, spots, 1_500, 6, throw, when=when) > 20_000


def test_sic_bo_engine_settles_the_kernels_throws_as_its_tables_say() -> None:
    from crupier.games.sic_bo.engine import SicBo, Throw
    from crupier.games.sic_bo.par import PAR_SPOTS

    profile = load_profile("sic-bo")
    (space,) = compile_game("sic-bo", profile)
    game = SicBo(profile, SeededSource(1))  # type: ignore[arg-type]
    game.apply(BuyIn(player="ana", amount=10**10))

    def throw(g: Game, dice: object) -> Record:
        g.apply(NoMoreBets())
        return g.apply(Throw(dice=dice))  # type: ignore[arg-type]

    spots = dict(PAR_SPOTS)
    assert follow(game, space, spots, 1_500, 16, throw, stake=1_000) == 1_500 * len(spots)


def test_boule_engine_settles_the_kernels_numbers_as_its_tables_say() -> None:
    from crupier.games.boule.engine import Boule, Launch, OpenBets, Result
    from crupier.games.boule.par import PAR_SPOTS

    profile = load_profile("boule")
    (space,) = compile_game("boule", profile)
    game = Boule(profile, SeededSource(1))  # type: ignore[arg-type]
    game.apply(BuyIn(player="ana", amount=10**10))

    def launch(g: Game, number: object) -> Record:
        g.apply(Launch())
        g.apply(NoMoreBets())
        record = g.apply(Result(number=number))  # type: ignore[arg-type]
        g.apply(OpenBets())  # "facin joc": the next round's bets
        return record

    spots = dict(PAR_SPOTS)
    assert follow(game, space, spots, 1_500, 4, launch, stake=1_000) == 1_500 * len(spots)


def test_american_roulette_engine_settles_the_kernels_spins_as_its_tables_say() -> None:
    # spec 02: la partage at once on zero for the even chances
    from crupier.games.american_roulette import AmericanRoulette
    from crupier.games.roulette import Direction, Result, Spin
    from crupier.games.roulette.par import PAR_SPOTS

    profile = load_profile("american-roulette")
    (space,) = compile_game("american-roulette", profile)
    game = AmericanRoulette(profile, SeededSource(1))  # type: ignore[arg-type]
    game.apply(BuyIn(player="ana", amount=10**10))

    def spin(g: Game, pocket: object) -> Record:
        g.apply(Spin(wheel=g.next_direction() or Direction.CW))  # type: ignore[attr-defined]
        g.apply(NoMoreBets())
        return g.apply(Result(pocket=int(pocket)))  # type: ignore[call-overload]

    spots = dict(PAR_SPOTS)
    assert {b.bet_id for b in space.bets} == set(spots)  # every bet settles at once
    assert follow(game, space, spots, 1_500, 2, spin, stake=1_000) == 1_500 * len(spots)
