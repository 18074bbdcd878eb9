"""Spec 16 — Sic Bo: every worked example, and every row of the spec's house-edge table.

Stakes in the spec are chips of 1 €; the engine counts cents (``E`` = 1.00).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.errors import BettingClosed
from crupier.core.layout import BuyIn, NoMoreBets, Phase, PlaceBet, Settled, Void
from crupier.core.profile import validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games.sic_bo import (
    ChangeDice,
    SicBo,
    SicBoProfile,
    Throw,
    load_builtin,
    par_chains,
)

E = 100  # one euro in cents


def variant(section: str, **changes: Any) -> SicBoProfile:
    data = load_builtin().model_dump()
    data[section] = {**data[section], **changes}
    return validate_profile(SicBoProfile, data)


def table(profile: SicBoProfile | None = None) -> SicBo:
    game = SicBo(profile or load_builtin(), SeededSource(16))
    game.apply(BuyIn(player="ana", amount=10_000 * E))
    return game


def place(game: SicBo, bets: list[tuple[str, int]], player: str = "ana") -> None:
    for spot, euros in bets:
        game.apply(PlaceBet(player=player, spot=spot, amount=euros * E, by=Role.PLAYER))


def throw(game: SicBo, dice: tuple[int, int, int]) -> Record:
    game.apply(NoMoreBets())
    return game.apply(Throw(dice=dice))


def nets(record: Record) -> list[tuple[str, int]]:
    """(spot, net in euros) of each settled bet, in the order of the bets' numbers."""
    settled = sorted((e for e in record.events if isinstance(e, Settled)), key=lambda e: e.bet)
    return [(e.spot, e.net // E) for e in settled]


def run(bets: list[tuple[str, int]], dice: tuple[int, int, int]) -> list[tuple[str, int]]:
    game = table()
    place(game, bets)
    record = throw(game, dice)
    assert game.state.balance() == 0
    return nets(record)


def test_example_1_dice_2_2_5() -> None:
    bets = [
        ("small", 10), ("big", 10), ("double 2", 10), ("triple 2", 5), ("any triple", 5),
        ("total 9", 10), ("pair 2 5", 10), ("pair 2 4", 10), ("number 2", 10),
        ("number 5", 10), ("number 6", 10),
    ]  # fmt: skip
    assert [net for _, net in run(bets, (2, 2, 5))] == [
        10,
        -10,
        80,
        -5,
        -5,
        60,
        50,
        -10,
        20,
        10,
        -10,
    ]


def test_example_2_dice_3_3_3() -> None:
    bets = [
        ("small", 10), ("total 9", 10), ("triple 3", 10), ("any triple", 10),
        ("double 3", 10), ("number 3", 10), ("pair 3 4", 10),
    ]  # fmt: skip
    assert [net for _, net in run(bets, (3, 3, 3))] == [-10, 60, 1_500, 240, 80, 30, -10]


def test_example_3_dice_4_4_4() -> None:
    bets = [("big", 20), ("total 12", 10), ("any triple", 2)]
    assert [net for _, net in run(bets, (4, 4, 4))] == [-20, 60, 48]


def test_example_4_dice_6_5_6() -> None:
    bets = [("big", 50), ("total 17", 10), ("double 6", 10), ("pair 5 6", 20), ("number 6", 10),
            ("number 5", 10)]  # fmt: skip
    assert [net for _, net in run(bets, (6, 5, 6))] == [50, 500, 80, 100, 20, 10]


def test_example_5_dice_1_1_2() -> None:
    bets = [("small", 10), ("total 4", 10), ("double 1", 10), ("pair 1 2", 10), ("number 1", 10)]
    assert [net for _, net in run(bets, (1, 1, 2))] == [10, 500, 80, 50, 20]


def test_example_6_dice_1_2_3() -> None:
    bets = [("total 6", 5), ("small", 10), ("pair 1 3", 5), ("double 1", 5)]
    assert [net for _, net in run(bets, (1, 2, 3))] == [70, 10, 25, -5]


def test_example_7_dice_2_4_5() -> None:
    bets = [("small", 10), ("big", 10), ("total 10", 10), ("total 11", 10)]
    assert [net for _, net in run(bets, (2, 4, 5))] == [-10, 10, -10, 60]


def test_example_8_losers_removed_first_then_winners_paid() -> None:
    game = table()
    place(game, [("big", 100), ("total 11", 20), ("double 5", 10), ("number 1", 10),
                 ("any triple", 10)])  # fmt: skip
    record = throw(game, (5, 5, 1))
    settled = [e for e in record.events if isinstance(e, Settled)]
    assert settled[0].spot == "any-triple" and settled[0].decision == "lose"
    assert all(e.decision == "win" for e in settled[1:]) and len(settled) == 5
    assert sum(e.net for e in settled) == 300 * E
    assert game.state.players["ana"] == 10_300 * E


def test_example_9_void_throw_die_on_a_chip() -> None:
    game = table()
    place(game, [("big", 10), ("total 13", 10)])
    game.apply(NoMoreBets())
    bets = copy.deepcopy(game.state.bets)
    record = game.apply(Void(reason="a die on a chip"))
    assert not [e for e in record.events if isinstance(e, Settled)]
    assert game.state.bets == bets and game.state.phase is Phase.NO_MORE_BETS
    before = copy.deepcopy(game.state)
    with pytest.raises(BettingClosed):
        place(game, [("small", 10)])
    assert game.state == before


def test_example_10_void_then_rethrow_3_4_6() -> None:
    game = table()
    place(game, [("big", 10), ("total 13", 10)])
    game.apply(NoMoreBets())
    game.apply(Void(reason="a die fell off the table"))
    record = game.apply(Throw(dice=(3, 4, 6)))
    assert nets(record) == [("big", 10), ("total-13", 80)]
    assert game.state.voids == 1 and game.state.rounds == 1


def test_example_11_late_bet_not_accepted() -> None:
    game = table()
    game.apply(NoMoreBets())
    before = copy.deepcopy(game.state)
    with pytest.raises(BettingClosed):
        place(game, [("total 10", 10)])
    assert game.state == before
    record = game.apply(Throw(dice=(3, 3, 4)))
    assert nets(record) == []
    assert game.state.players["ana"] == 10_000 * E


def test_example_12_change_of_dice_between_rounds() -> None:
    game = table()
    place(game, [("small", 10)])
    throw(game, (1, 2, 3))
    game.apply(ChangeDice())
    assert game.state.dice_changes == 1
    place(game, [("big", 10)])
    assert nets(throw(game, (6, 5, 4))) == [("big", 10)]


# -- the spec's table (computed by exact enumeration) ----------------------------------------

EDGES: dict[str, tuple[Fraction, Fraction]] = {
    # bet id: (P(win), house edge)
    "small": (Fraction(35, 72), Fraction(1, 36)),
    "big": (Fraction(35, 72), Fraction(1, 36)),
    "specific-double": (Fraction(2, 27), Fraction(1, 3)),
    "specific-triple": (Fraction(1, 216), Fraction(65, 216)),
    "any-triple": (Fraction(1, 36), Fraction(11, 36)),
    "pair-match": (Fraction(5, 36), Fraction(1, 6)),
    "number": (Fraction(91, 216), Fraction(17, 216)),
}
TOTALS: dict[tuple[int, int], tuple[Fraction, Fraction]] = {
    (4, 17): (Fraction(1, 72), Fraction(7, 24)),
    (5, 16): (Fraction(1, 36), Fraction(17, 36)),
    (6, 15): (Fraction(5, 108), Fraction(11, 36)),
    (7, 14): (Fraction(5, 72), Fraction(7, 72)),
    (8, 13): (Fraction(7, 72), Fraction(1, 8)),
    (9, 12): (Fraction(25, 216), Fraction(41, 216)),
    (10, 11): (Fraction(1, 8), Fraction(1, 8)),
}
ROWS = [(bet_id, *figures) for bet_id, figures in EDGES.items()] + [
    (f"total-{t}", *figures) for pair, figures in TOTALS.items() for t in pair
]


@pytest.mark.parametrize(("bet_id", "p_win", "edge"), ROWS)
def test_house_edge_row(bet_id: str, p_win: Fraction, edge: Fraction) -> None:
    chains = {c.bet_id: c for c in par_chains(load_builtin())}
    figures = analyse(chains[bet_id])
    assert figures.house_edge == edge
    assert figures.hit_frequency == p_win


def test_every_par_bet_is_in_the_spec_table() -> None:
    assert sorted(c.bet_id for c in par_chains(load_builtin())) == sorted(b for b, _, _ in ROWS)


def test_literal_big_without_triple_exclusion_has_edge_1_108() -> None:
    literal = variant("rules", big_loses_on_triple=False)
    chains = {c.bet_id: c for c in par_chains(literal)}
    figures = analyse(chains["big"])
    assert figures.house_edge == Fraction(1, 108)
    assert figures.hit_frequency == Fraction(107, 216)
    assert analyse(chains["small"]).house_edge == Fraction(1, 36)
    # The switch changes the settlement of 4-4-4 too.
    game = table(literal)
    place(game, [("big", 20)])
    assert nets(throw(game, (4, 4, 4))) == [("big", 20)]


def test_totals_without_triples_switch() -> None:
    strict = variant("rules", totals_count_triples=False)
    chains = {c.bet_id: c for c in par_chains(strict)}
    # total 9 then wins on 24 of 216 outcomes (3-3-3 no longer counts): edge 1 - 7·24/216.
    assert analyse(chains["total-9"]).hit_frequency == Fraction(24, 216)
    assert analyse(chains["total-9"]).house_edge == 1 - Fraction(7 * 24, 216)
    assert analyse(chains["total-10"]).house_edge == Fraction(1, 8)
