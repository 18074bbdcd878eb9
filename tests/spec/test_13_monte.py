"""Spec 13 (Monte o Banca): every worked example, the annulment tables, limits, the PAR figures.

Amounts in the spec are whole units; here they are euros (x 100 minor units).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.errors import (
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    WrongPhase,
)
from crupier.core.layout import BuyIn, NoMoreBets, Phase, PlaceBet
from crupier.core.profile import merge, validate_profile
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.games import monte as mt
from crupier.games.monte import (
    Draw,
    Layout,
    Monte,
    MonteProfile,
    Stage,
    card_name,
    par_chains,
    parse_card,
)
from crupier.testing import assert_refused

EUR = 100
L0 = ("3O", "6C", "RE", "1B")
L1 = ("2O", "5C", "5E", "3B", "4C")  # P2 5C doubled by 5E
L2 = ("2O", "5C", "5E", "5B", "3B", "4C")  # P2 5C tripled by 5E and 5B
L3 = ("2O", "5C", "2C", "2E", "5E", "3B", "4C")  # P1 tripled, P2 doubled
L4 = ("2O", "5C", "2E", "5B", "3B", "4C")  # P1 doubled by 2E, P2 doubled by 5B


def profile(**over: Any) -> MonteProfile:
    """The andorra profile with some values changed (validated like a TOML file)."""
    return validate_profile(MonteProfile, merge(mt.raw_profile("andorra"), over))


def table(layout: tuple[str, ...], prof: MonteProfile | None = None) -> Monte:
    """A live table with ``layout`` laid out and ana holding 10 000."""
    game = Monte(prof or mt.load_builtin())
    game.apply(Layout(live=True, cards=layout))
    game.apply(BuyIn(player="ana", amount=1_000_000))
    return game


def bet(game: Monte, spot: str, euros: int) -> int:
    game.apply(PlaceBet(player="ana", spot=spot, amount=euros * EUR, by=Role.PLAYER))
    return game.state.next_bet - 1


def phase(game: Monte, bets: list[tuple[str, int]], draws: str) -> dict[int, dict[str, Any]]:
    """Place ``bets``, close them, draw ``draws``; the settlements by bet number."""
    for spot, euros in bets:
        bet(game, spot, euros)
    game.apply(NoMoreBets())
    record = game.apply(Draw(cards=tuple(draws.split())))
    return settled(record)


def settled(record: Record) -> dict[int, dict[str, Any]]:
    return {e.to_dict()["bet"]: e.to_dict() for e in record.events if e.kind == "settled"}


def nets(result: dict[int, dict[str, Any]]) -> list[int]:
    """The net of each bet in the order placed, in euros."""
    return [result[b]["net"] // EUR for b in sorted(result)]


def annulled(game: Monte, bet_type: str) -> list[str]:
    assert game.state.layout is not None
    return sorted(card_name(c) for c in game.state.layout.annulled[bet_type])


# -- layout L0 --------------------------------------------------------------------------------


def test_layout_L0_designations() -> None:
    """P1 3O: camo 3C, anti 3B, viudo 3E; P2 6C: 6E, 6O, 6B; P3 RE: RB, RC, RO; P4 1B: 1O, 1E, 1C."""
    game = table(L0)
    lay = game.state.layout
    assert lay is not None and lay.k == lay.d == 0
    want = [("3C", "3B", "3E"), ("6E", "6O", "6B"), ("RB", "RC", "RO"), ("1O", "1E", "1C")]
    for pos, names in enumerate(want):
        got = tuple(card_name(mt.designated(lay.base(pos), d)) for d in mt.Designation)
        assert got == names
        assert card_name(mt.vista_hermosa_card(lay.base(pos))) == names[0]
    assert all(not cards for cards in lay.annulled.values())


def test_example_1_primeres_ends_on_the_first_card_ten_percent() -> None:
    game = table(L0)
    primeres = phase(
        game,
        [
            ("vis 2", 10),
            ("viudo 2", 10),
            ("camo 2", 10),
            ("pot 2", 20),
            ("2v1", 100),
            ("top", 100),
            ("4v2", 50),
            ("3v4", 100),
            ("right", 100),
        ],
        "6B",
    )
    assert nets(primeres) == [-10, 99, -10, 54, 90, 90, -50, 0, 90]
    assert primeres[8]["decision"] == "carried"
    assert game.state.face_down == 0 and game.state.live_row == 1  # P1 down; P3-P4 live
    assert (game.state.stage, game.state.phase) == (Stage.SEGONES, Phase.BETTING)
    segones = phase(game, [("4v3", 40), ("anti 4", 10)], "2O 1O")
    assert {r["spot"]: r["net"] // EUR for r in segones.values()} == {
        "3v4": -100,
        "4v3": 40,
        "anti-4": -10,
    }
    assert game.state.players["ana"] - 1_000_000 == 283 * EUR
    assert game.state.deductions == (11 + 6 + 10 + 10 + 10) * EUR
    assert game.state.stage is Stage.NONE and game.state.balance() == 0


def test_example_2_vista_hermosa() -> None:
    game = table(L0)
    result = phase(game, [("vis 1", 10), ("camo 1", 10), ("1v2", 100), ("14v23", 100)], "3C")
    assert nets(result) == [320, 99, 90, 90]


def test_example_3_terminator_not_first_pot_vertical_salto_carry_over() -> None:
    game = table(L0)
    primeres = phase(
        game,
        [("anti 3", 10), ("pot 3", 10), ("3v1", 100), ("2v3", 100), ("1v2", 100)],
        "5O 2C RB",
    )
    assert nets(primeres) == [-10, 30, 100, -100, 0]
    assert primeres[5]["decision"] == "carried"
    assert game.state.face_down == 3 and game.state.live_row == 0  # P4 down; P1-P2 live
    segones = phase(game, [("camo 2", 10), ("2v1", 60)], "4E 6O")
    assert nets(segones) == [-100, -10, 60]
    assert game.state.players["ana"] - 1_000_000 == -30 * EUR


def test_example_4_ten_percent_in_segones() -> None:
    game = table(L0)
    assert nets(phase(game, [("1v2", 100)], "5O RB")) == [0]
    segones = phase(game, [("1v2", 100), ("camo 1", 20)], "3E")
    assert nets(segones) == [90, 90, -20]
    assert game.state.players["ana"] - 1_000_000 == 160 * EUR


# -- layout L1: P2 doubled ---------------------------------------------------------------------


def test_layout_L1_annulled_cards_and_payouts() -> None:
    game = table(L1)
    lay = game.state.layout
    assert lay is not None and (lay.k, lay.d, lay.status(1)) == (1, 1, "D")
    assert annulled(game, "horizontal-top") == ["2C"]
    assert annulled(game, "vertical-right") == annulled(game, "rows") == ["4E"]
    assert annulled(game, "salto-23") == ["3O"]
    assert annulled(game, "columns") == annulled(game, "diagonals") == ["2C"]
    for bet_type in ("horizontal-bottom", "vertical-left", "salto-14"):
        assert annulled(game, bet_type) == []
    assert mt.vista_hermosa_ratio(game.profile, lay) == 31
    assert mt.cav_ratio(game.profile, lay, Stage.PRIMERES, 0) == 10


def test_example_5_L1_camo_of_the_2_first() -> None:
    """Seed: "when the 2 plays against the 5 with the camo of the 2, the card does not win
    and the 5 does not lose"."""
    game = table(L1)
    result = phase(
        game, [("1v2", 100), ("1v3", 100), ("top", 100), ("vis 1", 10), ("camo 1", 10)], "2C"
    )
    assert nets(result) == [0, 90, 90, 310, 90]
    assert result[1]["decision"] == "push"
    assert game.state.players["ana"] - 1_000_000 == 580 * EUR


def test_example_6_L1_anti_of_the_2() -> None:
    game = table(L1)
    result = phase(game, [("1v2", 100), ("2v1", 100), ("anti 1", 10)], "7O 2B")
    assert nets(result) == [100, -100, 100]


def test_example_7_L1_camo_of_the_4_then_segones_with_the_doubled_row() -> None:
    """Seed: "3 and 4 against 2 and 5 do not win with the camo of the 4"."""
    game = table(L1)
    primeres = phase(
        game, [("bottom", 100), ("4v3", 100), ("4v2", 100), ("camo 4", 10)], "7O 6O 4E"
    )
    assert nets(primeres) == [0, 100, 0, 100]
    assert game.state.live_row == 0
    lay = game.state.layout
    assert lay is not None and mt.cav_ratio(game.profile, lay, Stage.SEGONES, 0) == 4
    segones = phase(game, [("camo 1", 10), ("2v1", 100), ("anti 2", 10)], "RO 2C")
    assert nets(segones) == [40, 0, -10]
    assert segones[6]["decision"] == "push"


def test_example_8_L1_a_5_comes() -> None:
    """Seed: "if the 5 comes out, the cards playing against it all lose"."""
    game = table(L1)
    result = phase(game, [("2v1", 100), ("1v2", 100), ("4v2", 100)], "5B")
    assert nets(result) == [90, -100, -100]


def test_seed_double_example_3_the_5_does_not_lose_with_the_camos_of_the_2_and_the_4() -> None:
    game = table(L1)
    result = phase(game, [("2v1", 100)], "7O 2C")  # the camo of the 2: horizontal
    assert nets(result) == [0] and result[1]["decision"] == "push"
    game = table(L1)
    result = phase(game, [("2v4", 100)], "7O 4E")  # the camo of the 4: vertical
    assert nets(result) == [0] and result[1]["decision"] == "push"
    game = table(L1)
    result = phase(game, [("2v1", 100), ("2v4", 100)], "7O 4O")  # the anti of the 4
    assert nets(result) == [0, -100] and result[1]["decision"] == "carried"


# -- layout L2: P2 tripled ------------------------------------------------------------------


def test_layout_L2_annulled_cards_and_payouts() -> None:
    game = table(L2)
    lay = game.state.layout
    assert lay is not None and (lay.k, lay.d, lay.status(1)) == (2, 2, "T")
    assert annulled(game, "horizontal-top") == ["2C", "2E"]
    assert annulled(game, "rows") == ["3O", "4E"]
    assert annulled(game, "vertical-right") == ["4B", "4E"]
    assert annulled(game, "salto-23") == ["3C", "3O"]
    assert mt.vista_hermosa_ratio(game.profile, lay) == 30
    assert mt.cav_ratio(game.profile, lay, Stage.PRIMERES, 3) == 9


def test_example_9_L2_camo_and_viudo_of_the_2() -> None:
    """Seed: "2 against 5 with camo and viudo: the card does not win and the 5 does not lose"."""
    game = table(L2)
    result = phase(game, [("2v1", 100), ("top", 100), ("viudo 1", 10), ("vis 3", 10)], "7O 2C")
    assert nets(result) == [0, 100, -10, -10]


def test_example_10_L2_anti_of_the_2() -> None:
    game = table(L2)
    result = phase(game, [("1v2", 100), ("2v1", 100), ("top", 100)], "7O RO 2B")
    assert nets(result) == [100, -100, 100]


def test_seed_triple_example_2_les_panxes_with_the_camos_of_3_and_4() -> None:
    """Seed: "les panxes neither win nor lose with the camos of the 3 and the 4"."""
    for draws in ("7O 3O", "7O 4E"):
        game = table(L2)
        assert nets(phase(game, [("34v12", 100), ("12v34", 100)], draws)) == [0, 0]
    game = table(L2)
    assert nets(phase(game, [("34v12", 100)], "7O 3E")) == [100]  # the viudo of the 3 plays


# -- layout L3: P1 tripled, P2 doubled (seed 2d) -------------------------------------------------


def test_layout_L3_annulled_cards() -> None:
    game = table(L3)
    lay = game.state.layout
    assert lay is not None and (lay.k, lay.d) == (3, 3)
    assert (lay.status(0), lay.status(1)) == ("T", "D")
    assert annulled(game, "horizontal-top") == ["5B"]  # the 5's camo 5E is out: its viudo
    assert annulled(game, "vertical-left") == ["3C", "3O"]
    assert annulled(game, "vertical-right") == ["4E"]
    assert annulled(game, "rows") == ["3C", "3O", "4E"]
    assert mt.vista_hermosa_ratio(game.profile, lay) == 29
    assert mt.cav_ratio(game.profile, lay, Stage.PRIMERES, 2) == 8


def test_example_11_L3_the_5_plays_only_with_its_anti() -> None:
    game = table(L3)
    result = phase(game, [("1v2", 100), ("4v2", 100), ("bottom", 100)], "7O 5B")
    assert nets(result) == [0, -100, -100]


def test_example_12_L3_anti_of_the_5() -> None:
    game = table(L3)
    result = phase(game, [("1v2", 100), ("2v1", 100)], "7O 5O")
    assert nets(result) == [-100, 100]


L5 = ("2O", "5C", "2E", "5E", "5B", "3B", "4C")  # P1 doubled by 2E, P2 tripled by 5E, 5B
L6 = ("2O", "5C", "2C", "2E", "5E", "5B", "3B", "4C")  # both tripled


def test_seed_triple_and_double_example_1_the_4_and_the_3() -> None:
    """Seed: "the triple annuls the camo and the viudo of the 4, and the double the camo of
    the 3": with them the cards neither win nor lose (the row bet)."""
    game = table(L5)
    lay = game.state.layout
    assert lay is not None and (lay.status(0), lay.status(1), lay.k) == ("D", "T", 3)
    assert annulled(game, "rows") == ["3O", "4B", "4E"]
    for draws in ("4E", "4B", "3O"):
        game = table(L5)
        assert nets(phase(game, [("34v12", 100), ("12v34", 100)], draws)) == [0, 0]
    for draws, want in (("4O", [90, -100]), ("3E", [90, -100]), ("3C", [90, -100])):
        game = table(L5)
        assert nets(phase(game, [("34v12", 100), ("12v34", 100)], draws)) == want


def test_seed_triple_and_double_example_2_the_5_against_the_2_only_with_the_anti() -> None:
    game = table(L5)
    assert annulled(game, "horizontal-top") == ["2C"]  # the 2 has 2C and 2B left; the 5 only 5O
    for draws, want in (("2C", 0), ("2B", -100), ("5O", 90)):
        game = table(L5)
        assert nets(phase(game, [("2v1", 100)], draws)) == [want]


def test_seed_triple_example_both_tripled() -> None:
    """Seed: "the triples annul the camo and viudo of the 4 and the 3: the 4 and the 3 only
    win with the anti"; "with the 5 or the 2 every card wins and loses"."""
    game = table(L6)
    lay = game.state.layout
    assert lay is not None and (lay.status(0), lay.status(1), lay.k, lay.d) == ("T", "T", 4, 4)
    assert annulled(game, "rows") == ["3C", "3O", "4B", "4E"]  # the 3B wins only with 3E
    assert annulled(game, "horizontal-top") == annulled(game, "columns") == []
    for draws, want in (("3O", 0), ("3C", 0), ("4E", 0), ("4B", 0), ("3E", -100), ("4O", -100)):
        game = table(L6)
        assert nets(phase(game, [("12v34", 100)], draws)) == [want]
    for draws in ("2B", "5O"):
        game = table(L6)
        assert nets(phase(game, [("12v34", 100), ("1v2", 100)], draws))[0] == 90
    assert mt.cav_ratio(game.profile, lay, Stage.PRIMERES, 2) == 7
    assert mt.vista_hermosa_ratio(game.profile, lay) == 28


def test_refused_camo_and_vista_hermosa_on_a_card_out_of_the_pack() -> None:
    game = table(L3)
    for spot in ("camo 1", "viudo 1", "vis 1", "camo 2", "vis 2"):
        assert_refused(
            game,
            PlaceBet(player="ana", spot=spot, amount=10 * EUR, by=Role.PLAYER),
            IllegalAction,
        )
    bet(game, "anti 1", 10)
    bet(game, "anti 2", 10)
    bet(game, "viudo 2", 10)


# -- layout L4: two doubled (seed 2b) -------------------------------------------------------------


def test_layout_L4_annulled_cards() -> None:
    game = table(L4)
    lay = game.state.layout
    assert lay is not None and (lay.k, lay.d) == (2, 2)
    assert annulled(game, "vertical-left") == ["3O"]
    assert annulled(game, "vertical-right") == ["4E"]
    assert annulled(game, "rows") == ["3O", "4E"]
    assert annulled(game, "salto-14") == ["4E"] and annulled(game, "salto-23") == ["3O"]
    for bet_type in ("diagonals", "columns", "horizontal-top", "horizontal-bottom"):
        assert annulled(game, bet_type) == []
    assert mt.cav_ratio(game.profile, lay, Stage.SEGONES, 0) == 3


def test_example_13_L4_viudo_of_the_3() -> None:
    game = table(L4)
    result = phase(
        game, [("1v3", 100), ("14v23", 100), ("top", 100), ("3v4", 100), ("anti 3", 10)], "7O 3C"
    )
    assert nets(result) == [-100, -100, -100, 100, -10]


def test_example_14_L4_camo_of_the_3() -> None:
    game = table(L4)
    result = phase(
        game,
        [("1v3", 100), ("23v14", 100), ("top", 100), ("left", 100), ("camo 3", 10), ("pot 3", 10)],
        "7O 3O",
    )
    assert nets(result) == [0, 100, 0, 100, 90, 30]


def test_seed_double_example_5_both_doubled() -> None:
    """Seed: "5 and 2 against 4 and 3 neither pay nor lose with the camos of the 4 and the 3;
    with the 5 and the 2 everything wins and loses"."""
    for draws, want in (("4E", 0), ("3O", 0), ("4B", -100), ("3E", -100), ("2C", 90), ("5O", 90)):
        game = table(L4)
        assert nets(phase(game, [("12v34", 100)], draws)) == [want]


# -- burnt cards and the void coup ------------------------------------------------------------------


def test_example_15_first_two_equal_are_burnt() -> None:
    game = table(("7O", "7E", "3O", "6C", "RE", "1B"))
    lay = game.state.layout
    assert lay is not None and lay.k == 2 and lay.d == 0
    assert [card_name(c) for c in lay.burnt] == ["7O", "7E"]
    assert [card_name(lay.base(p)) for p in range(4)] == list(L0)
    assert nets(phase(game, [("vis 2", 10), ("2v1", 100)], "6E")) == [300, 90]


def test_example_16_a_burnt_value_reappears() -> None:
    game = table(("7O", "7E", "7C", "3O", "6C", "RE", "1B"))
    lay = game.state.layout
    assert lay is not None and lay.k == 3
    assert nets(phase(game, [("vis 2", 10)], "6E")) == [290]


def test_example_17_fourth_equal_to_third() -> None:
    game = table(("3O", "6C", "RE", "RC", "1B", "5E"))
    lay = game.state.layout
    assert lay is not None and lay.k == 2
    assert [card_name(c) for c in lay.burnt] == ["RE", "RC"]
    assert [card_name(lay.base(p)) for p in range(4)] == ["3O", "6C", "1B", "5E"]
    primeres = phase(game, [("vis 2", 10), ("2v3", 100), ("4v1", 100)], "6E")
    assert nets(primeres) == [300, 90, 0]
    assert primeres[3]["decision"] == "push"
    assert nets(phase(game, [("3v4", 50)], "1O")) == [45]


def test_example_18_void_coup() -> None:
    game = Monte(mt.load_builtin())
    record = game.apply(Layout(live=True, cards=("2O", "5C", "5E", "5B", "5O")))
    assert any("void" in getattr(e, "text", "") for e in record.events)
    assert game.state.stage is Stage.NONE and game.state.layout is None
    assert game.state.void_coups == 1 and game.state.pack_colour == "red"
    game.apply(BuyIn(player="ana", amount=10_000))
    assert_refused(
        game, PlaceBet(player="ana", spot="1v2", amount=1_000, by=Role.PLAYER), WrongPhase
    )
    game.apply(Layout(live=True, cards=L0))
    assert game.state.pack_colour == "blue"  # the new coup is played with the other pack


# -- limits (VI.2) ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spot", "times"),
    [("1v2", 300), ("12v34", 300), ("vis 1", 10), ("camo 1", 30), ("anti 2", 30), ("pot 3", 100)],
)
def test_primeres_maxima(spot: str, times: int) -> None:
    game = table(L0)
    minimum = game.profile.limits.minimum
    assert_refused(
        game,
        PlaceBet(player="ana", spot=spot, amount=times * minimum + 1, by=Role.PLAYER),
        BetOverMaximum,
    )
    assert_refused(
        game, PlaceBet(player="ana", spot=spot, amount=minimum - 1, by=Role.PLAYER), BetUnderMinimum
    )
    game.apply(PlaceBet(player="ana", spot=spot, amount=times * minimum, by=Role.PLAYER))
    assert_refused(
        game, PlaceBet(player="ana", spot=spot, amount=minimum, by=Role.PLAYER), BetOverMaximum
    )


def test_segones_camo_anti_viudo_maximum_is_60_times() -> None:
    game = table(L0)
    phase(game, [], "5O RB")
    minimum = game.profile.limits.minimum
    game.apply(PlaceBet(player="ana", spot="camo 1", amount=60 * minimum, by=Role.PLAYER))
    assert_refused(
        game,
        PlaceBet(player="ana", spot="anti 1", amount=60 * minimum + 1, by=Role.PLAYER),
        BetOverMaximum,
    )


def test_segones_accepts_only_the_live_row() -> None:
    game = table(L0)
    phase(game, [], "5O RB")  # P3's value: P1-P2 stay for segones
    for spot in ("pot 1", "vis 1", "camo 3", "3v4", "1v3", "12v34", "1v4"):
        assert_refused(
            game, PlaceBet(player="ana", spot=spot, amount=10 * EUR, by=Role.PLAYER), IllegalAction
        )
    for spot in ("1v2", "2v1", "camo 1", "anti 2", "viudo 1"):
        bet(game, spot, 10)


# -- the 10 % rule, the PAR figures ------------------------------------------------------------------


def test_ten_percent_not_on_vista_hermosa_and_only_on_winnings() -> None:
    game = table(L0)
    result = phase(game, [("vis 3", 10), ("camo 3", 10), ("3v4", 100)], "RB")
    assert [(r["win"], r["returned"]) for r in result.values()] == [
        (320 * EUR, 330 * EUR),
        (99 * EUR, 109 * EUR),
        (90 * EUR, 190 * EUR),
    ]


def figures(prof: MonteProfile | None = None) -> dict[str, Fraction]:
    return {c.bet_id: analyse(c).house_edge for c in par_chains(prof or mt.load_builtin())}


def test_house_edges_of_the_spec_table() -> None:
    edges = figures()
    assert edges == {
        "vista-hermosa": Fraction(1, 12),
        "camo": Fraction(11, 360),
        "anti": Fraction(11, 360),
        "viudo": Fraction(11, 360),
        "pot": Fraction(1, 40),
        "horizontal": Fraction(17, 1320),
        "vertical": Fraction(1, 120),
        "a-salto": Fraction(1, 120),
        "rows": Fraction(1, 60),
        "columns": Fraction(1, 60),
        "diagonals": Fraction(1, 60),
        "camo-segones": Fraction(1, 66),
        "anti-segones": Fraction(1, 66),
        "viudo-segones": Fraction(1, 66),
        "horizontal-segones": Fraction(1, 110),
    }
    assert [round(float(edges[b]) * 100, 3) for b in ("vista-hermosa", "camo", "horizontal")] == [
        8.333,
        3.056,
        1.288,
    ]


def test_probabilities_quoted_by_the_spec() -> None:
    """P(primeres ends on its first card) = 1/3; P(a given live card opens segones) = 1/33;
    and the fair odds: 1/12 in primeres, 1/6 in segones, the pot 3/12, Vista Hermosa 1/36."""
    lay = mt.layout_from(mt.load_builtin(), " ".join(L0))
    outs = mt.coup_outcomes(lay)
    assert sum(p for _, p in outs) == 1
    assert sum(p for o, p in outs if o.primeres.first) == Fraction(1, 3)
    rb = parse_card("RB")
    bottom_live = sum(p for o, p in outs if o.primeres.terminator.rank in ("3", "6"))
    assert bottom_live == Fraction(1, 2)
    opened = sum(p for o, p in outs if o.segones.first and o.segones.terminator == rb)
    assert opened / bottom_live == Fraction(1, 33)
    hits = {c.bet_id: analyse(c).hit_frequency for c in par_chains(mt.load_builtin())}
    assert hits["camo"] == Fraction(1, 12) and hits["camo-segones"] == Fraction(1, 6)
    assert hits["pot"] == Fraction(3, 12) and hits["vista-hermosa"] == Fraction(1, 36)


def test_house_edge_without_the_ten_percent_is_fair_but_vista_hermosa() -> None:
    edges = figures(profile(ten_percent={"rate": "0:1"}))
    assert edges.pop("vista-hermosa") == Fraction(1, 12)
    assert set(edges.values()) == {Fraction(0)}


def test_ten_percent_of_the_stake_switch() -> None:
    edges = figures(profile(ten_percent={"basis": "stake"}))
    # camo: 1/12 of wins, one third of them on the first card, lose 1/10 of the stake
    assert edges["camo"] == Fraction(1, 12) * Fraction(1, 3) * Fraction(1, 10)
    assert edges["horizontal"] == Fraction(17, 1320)  # 1 to 1: the same as the winnings basis


# -- beyond the spec's table: every layout, exactly ------------------------------------------------


def test_layout_probabilities() -> None:
    prof = mt.load_builtin()
    dist = mt.layout_distribution(prof)
    assert sum(p for _, p in dist) == 1
    clean = sum(p for lay, p in dist if not lay.void and len(lay.cards) == 4)
    assert clean == Fraction(36 * 32 * 28, 39 * 38 * 37)  # four different values in four cards
    table = mt.par_outcomes(prof)[0]
    rows = {r[0]: r[2] for r in table["rows"]}
    assert rows["no doubled, tripled or burnt card (k = 0)"] == "5376/9139"
    assert rows["P1 D, P2 N (burnt cards or not)"] == rows["P1 N, P2 D (burnt cards or not)"]
    total = sum(Fraction(r[2]) for r in table["rows"] if r[0].startswith("P1 ") or "void" in r[0])
    assert total == 1
    assert (
        sum(Fraction(r[2]) for r in table["rows"] if r[0].startswith("k "))
        + Fraction(rows["void coup (a 4th card of P1's or P2's value; the pack ran out)"])
        == 1
    )


def test_layout_enumeration_agrees_with_shuffled_packs() -> None:
    """The exact layout classes against 20 000 layouts dealt by the same machine from packs
    shuffled by the seeded source (each frequency within four standard deviations)."""
    from crupier.core.rng import SeededSource, shuffle

    prof = mt.load_builtin()
    dist = mt.layout_distribution(prof)

    def kind(lay: mt.LayoutProgress) -> str:
        if lay.void:
            return "void"
        return "".join("NDT"[len(lay.stacks[i]) - 1] for i in (0, 1)) + ("b" if lay.burnt else "")

    exact: dict[str, Fraction] = {}
    for lay, p in dist:
        exact[kind(lay)] = exact.get(kind(lay), Fraction(0)) + p
    source, runs = SeededSource(13), 20_000
    seen: dict[str, int] = {}
    for _ in range(runs):
        pack = list(mt.PACK)
        shuffle(pack, source)
        progress = mt.LayoutProgress()
        while not progress.done:
            progress, _ = mt.feed_layout(prof.layout, progress, pack.pop())
        seen[kind(progress)] = seen.get(kind(progress), 0) + 1
    for key, p in exact.items():
        sigma = (float(p) * (1 - float(p)) / runs) ** 0.5
        assert abs(seen.get(key, 0) / runs - float(p)) <= 4 * sigma + 1e-9, key


def test_house_edge_over_every_layout() -> None:
    """Cross-checked by closed forms over the layout classes: the pot on P3 wins when the
    terminator has its value (3 of the m terminators; the first card w.p. m/n), Vista
    Hermosa on P3 when the first card is its card (1/n) and pays 32 - k."""
    prof = mt.load_builtin()
    rows = {r[0]: r for r in mt.par_outcomes(prof)[1]["rows"]}
    pot = vis = Fraction(0)
    for rep, classes in mt.layout_groups(prof):
        m = sum(rep.left)
        for k, p in classes:
            n = 36 - k
            pot += p * (Fraction(3, m) * (4 - Fraction(3, 10) * Fraction(m, n)) - 1)
            vis += p * (Fraction(33 - k, n) - 1)
    assert Fraction(rows["pot"][2]) == -pot and rows["pot"][1] == "-1.3141 %"
    assert Fraction(rows["vista-hermosa"][2]) == -vis and rows["vista-hermosa"][1] == "8.5453 %"
    assert rows["camo"][1] == "3.0128 %" and rows["horizontal"][1] == "1.1700 %"
    assert rows["camo-segones"][3] == "48.0611 %"  # the bet is taken when P3-P4 stay


def test_pot_pays_3_to_1_whatever_the_layout_and_the_refuse_switch() -> None:
    """The literal rule: on a layout with a doubled card the pot on a normal card wins 3
    times in 11 at 3 to 1 -- the player's advantage; ``refuse`` closes the pot there."""
    l1 = ("2O", "5C", "5E", "3B", "4C")
    prof = mt.load_builtin()
    chain = mt.MonteChain("pot", prof, mt.layout_from(prof, " ".join(l1)), mt.spot_of("pot 3"))
    assert analyse(chain).hit_frequency == Fraction(3, 11)
    assert analyse(chain).house_edge < 0
    closed = profile(rules={"pot_on_doubled_layouts": "refuse"})
    game = table(l1, closed)
    assert_refused(
        game, PlaceBet(player="ana", spot="pot 3", amount=10 * EUR, by=Role.PLAYER), IllegalAction
    )
    bet(table(L0, closed), "pot 3", 10)
    pot = next(c for c in mt.average_chains(closed) if c.bet_id == "pot")
    clean = sum(p for rep, classes in mt.layout_groups(closed) if rep.d == 0 for _, p in classes)
    assert pot.taken == clean and f"{float(clean):.4%}" == "67.9370%"  # given a complete layout
    assert analyse(pot).house_edge > 0
