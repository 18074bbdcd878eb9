"""Spec 07 (punto banco): every worked example, the drawing tables cell by cell, the PAR figures."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.cards import Card, cards
from crupier.core.errors import (
    BetOverMaximum,
    IllegalAction,
    MalformedAction,
    NotMultipleOfUnit,
)
from crupier.core.layout import BuyIn, NoMoreBets, Phase, PlaceBet, TakeDown, Void
from crupier.core.profile import merge, validate_profile
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.core.shoe import Shoe
from crupier.games import punto_banco as pb
from crupier.games.punto_banco import (
    Burn,
    Deal,
    NewShoe,
    PuntoBanco,
    PuntoBancoProfile,
    TakeSeat,
    banker_draws,
    coup_distribution,
    par_chains,
    play_coup,
    player_draws,
)
from crupier.testing import assert_refused, cards_leaving

BURN = ("3h", "2c", "9d", "Kc")  # the first card, a 3, orders 3 more burnt (4 in all)


def profile(**over: Any) -> PuntoBancoProfile:
    """The andorra profile with some values changed (validated like a TOML file)."""
    return validate_profile(PuntoBancoProfile, merge(pb.raw_profile("andorra"), over))


def live_game(prof: PuntoBancoProfile | None = None) -> PuntoBanco:
    game = PuntoBanco(prof or pb.load_builtin())
    game.apply(NewShoe(live=True, burn=BURN))
    for name in ("ana", "bo"):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


def settled(record: Record) -> dict[tuple[str, str], dict[str, Any]]:
    out = {}
    for e in record.events:
        if e.kind == "settled":
            d = e.to_dict()
            out[(d["player"], d["spot"])] = d
    return out


def coup(game: PuntoBanco, dealt: str, bets: dict[str, int] | None = None) -> Record:
    """Ana bets 100 on each side named (Punt and Banca by default), then the coup is dealt."""
    for spot, amount in (bets or {"player": 10_000, "banker": 10_000}).items():
        game.apply(PlaceBet(player="ana", spot=spot, amount=amount, by=Role.PLAYER))
    game.apply(NoMoreBets())
    return game.apply(Deal(cards=tuple(dealt.split())))


def nets(record: Record) -> dict[str, int]:
    return {spot: d["net"] for (_p, spot), d in settled(record).items()}


# -- worked examples 1-10: the coups ------------------------------------------------------------

EXAMPLES = [
    # n, cards in shoe order (P B P B [P3] [B3]), Punt total, Banca total, Punt net, Banca net
    (1, "5h Kd 3c 7s", 8, 7, 10_000, -10_000),
    (2, "6h 4d 2s 5c", 8, 9, -10_000, 9_500),
    (3, "6h 3d Ks 3c", 6, 6, 0, 0),
    (4, "2h 3d 3s Kc 4h 5d", 9, 8, 10_000, -10_000),
    (5, "Ah 2d 4s Ac 8h", 3, 3, 0, 0),
    (6, "4h Qd 3s 6c", 7, 6, 10_000, -10_000),
    (7, "Th 3d 4s 3c 6h 2d", 0, 8, -10_000, 9_500),
    (8, "2h 4d 2s Ac 3h", 7, 5, 10_000, -10_000),
    (9, "Kh 2d Qs 2c Ah", 1, 4, -10_000, 9_500),
    (10, "6h 2d Js 3c 2h", 6, 7, -10_000, 9_500),
]


@pytest.mark.parametrize(("n", "dealt", "pt", "bt", "punt", "banca"), EXAMPLES)
def test_worked_examples_1_to_10(
    n: int, dealt: str, pt: int, bt: int, punt: int, banca: int
) -> None:
    game = live_game()
    before = game.state.players["ana"]
    record = coup(game, dealt)
    result = game.state.results[-1]
    assert (result.totals.player, result.totals.banker) == (pt, bt)
    # every card entered was dealt to a hand: the rules asked for exactly these draws
    assert len(result.player) + len(result.banker) == len(dealt.split())
    assert nets(record) == {"player": punt, "banker": banca}
    assert game.state.balance() == 0
    if pt == bt:  # examples 3 and 5: void, the bets stay and may be withdrawn
        assert {b.spot for b in game.state.bets.values()} == {"player", "banker"}
        for bet_id in list(game.state.bets):
            game.apply(TakeDown(player="ana", bet=bet_id, by=Role.PLAYER))
        assert game.state.players["ana"] == before
    else:
        assert game.state.players["ana"] == before + punt + banca


def test_example_3_tie_bets_returned_when_the_profile_says_so() -> None:
    game = live_game(profile(rules={"tie_main_bets": "return"}))
    record = coup(game, "6h 3d Ks 3c")
    assert {d["decision"] for d in settled(record).values()} == {"push"}
    assert not game.state.bets and game.state.players["ana"] == 1_000_000


# -- example 11: the commission and its rounding -------------------------------------------------


def test_example_11_commission_small_stake() -> None:
    game = live_game()
    record = coup(game, "6h 4d 2s 5c", {"banker": 3_000})
    assert settled(record)[("ana", "banker")]["win"] == 2_850
    assert game.state.commission == 150


def test_example_11_commission_half_up_in_whole_units() -> None:
    game = live_game(profile(commission={"unit": 100}))
    record = coup(game, "6h 4d 2s 5c", {"banker": 3_000})
    assert settled(record)[("ana", "banker")]["win"] == 2_800
    assert game.state.commission == 200 and game.state.balance() == 0


def test_example_11_multiples_of_20_make_the_commission_exact() -> None:
    for stake in range(2_000, 20_001, 2_000):
        assert pb.commission_of(stake, profile(commission={"unit": 100}).commission) * 20 == stake


# -- example 12: the shoe passes when Banca loses ------------------------------------------------


def seated_game() -> PuntoBanco:
    game = live_game()
    for seat, name in enumerate(("s1", "s2", "s3", "s4", "s5"), start=1):
        game.apply(BuyIn(player=name, amount=100_000))
        game.apply(TakeSeat(player=name, seat=seat))
    game.state.shoe_holder = 4
    return game


@pytest.mark.parametrize(
    ("dealt", "holder"),
    [("5h Kd 3c 7s", 5), ("6h 4d 2s 5c", 4), ("6h 3d Ks 3c", 4)],
    ids=["banca-loses", "banca-wins", "tie"],
)
def test_example_12_shoe_passes(dealt: str, holder: int) -> None:
    game = seated_game()
    game.apply(PlaceBet(player="ana", spot="banker", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=tuple(dealt.split()), player="s4", by=Role.PLAYER))
    assert game.state.shoe_holder == holder


# -- example 13: the stop card -----------------------------------------------------------------


def test_example_13_stop_card_after_the_third_card_electronic_shoe() -> None:
    game = PuntoBanco(pb.load_builtin())
    game.apply(BuyIn(player="ana", amount=100_000))
    dealt = cards("2h 3d 3s Kc 4h 5d 9c 9d 9h 9s 8c 8d 8h")
    game.state.shoe = Shoe.stacked(dealt, cards_below_stop=len(dealt) - 3)
    game.apply(PlaceBet(player="ana", spot="player", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    record = game.apply(Deal())
    played = game.state.results[-1]
    assert list(played.player) + list(played.banker) == cards("2h 3s 4h 3d Kc 5d")
    assert settled(record)[("ana", "player")]["net"] == 10_000
    assert game.state.shoe is not None and game.state.shoe.at_stop_card
    assert game.state.shoe.remaining == 7
    assert any("end of the shoe" in getattr(e, "text", "") for e in record.events)
    game.apply(NoMoreBets())
    with pytest.raises(IllegalAction, match="stop card"):
        game.apply(Deal())
    game.apply(Void(reason="end of shoe"))
    assert "new-shoe" in game.legal_actions()
    game.apply(NewShoe())
    assert game.state.shoes == 1 and not game.state.shoe.at_stop_card


def test_example_13_stop_card_live_table() -> None:
    game = live_game()
    coup(game, "2h 3d 3s Kc 4h 5d", {"player": 10_000})
    # the shoe runs down to the coup that shows the stop card, seven cards above the end
    shoe = game.state.shoe
    assert shoe is not None
    game.apply(Burn(cards=cards_leaving(shoe, 10, keep="5h Kd 3c 7s")))
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("5h", "Kd", "3c", "7s"), stop_card=True))
    game.apply(NoMoreBets())
    with pytest.raises(IllegalAction):
        game.apply(Deal(cards=("5h", "Kd", "3c", "7s")))


@pytest.mark.parametrize("left", [300, 12, 6])
def test_a_stop_card_where_it_cannot_lie_is_refused(left: int) -> None:
    """07 VII: the stop card is placed with seven cards below it. Reported on a coup that
    began with more than eleven cards (it ends with more than seven) or with fewer than
    seven left, it is refused and the coup is not dealt."""
    game = live_game()
    shoe = game.state.shoe
    assert shoe is not None
    if shoe.remaining > left:
        game.apply(Burn(cards=cards_leaving(shoe, left, keep="5h Kd 3c 7s")))
    game.apply(NoMoreBets())
    error = assert_refused(
        game, Deal(cards=("5h", "Kd", "3c", "7s"), stop_card=True), MalformedAction
    )
    assert "last 7 cards" in str(error)


# -- examples 14-15: errors ----------------------------------------------------------------------


def test_example_14_card_exposed_before_no_more_bets_is_burnt() -> None:
    game = live_game()
    game.apply(PlaceBet(player="ana", spot="banker", amount=10_000, by=Role.PLAYER))
    game.apply(Burn(cards=("9h",), reason="exposed before no va mas"))
    assert Card.parse("9h") in game.state.shoe.burnt  # type: ignore[union-attr]
    game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))  # bets may still change
    game.apply(PlaceBet(player="ana", spot="player", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=("5h", "Kd", "3c", "7s")))
    assert nets(record) == {"player": 10_000}


def test_example_14_electronic_shoe_deal_starts_with_the_next_card() -> None:
    game = PuntoBanco(pb.load_builtin())
    game.state.shoe = Shoe.stacked(cards("9h 5h Kd 3c 7s 2c 2d"))
    game.apply(Burn(count=1, reason="exposed"))
    game.apply(NoMoreBets())
    game.apply(Deal())
    assert game.state.results[-1].player == tuple(cards("5h 3c"))


def test_example_15_stuck_cards_void_the_coup() -> None:
    game = live_game()
    game.apply(PlaceBet(player="ana", spot="banker", amount=10_000, by=Role.PLAYER))
    game.apply(PlaceBet(player="bo", spot="player", amount=10_000, by=Role.PLAYER))
    game.apply(NoMoreBets())
    game.apply(Burn(cards=("5h", "Kd", "3c", "7s"), reason="3rd and 4th cards stuck together"))
    game.apply(Void(reason="stuck cards"))
    assert game.state.phase is Phase.BETTING
    assert game.state.players == {"ana": 990_000, "bo": 990_000}
    assert len(game.state.bets) == 2 and game.state.house == 0 and game.state.balance() == 0


# -- example 16: limits --------------------------------------------------------------------------


def test_example_16_limits() -> None:
    game = live_game()
    assert game.profile.limits.minimum == 2_000
    with pytest.raises(BetOverMaximum):
        game.apply(PlaceBet(player="ana", spot="banker", amount=202_000, by=Role.PLAYER))
    record = coup(game, "6h 4d 2s 5c", {"banker": 200_000})
    assert settled(record)[("ana", "banker")]["win"] == 190_000
    strict = live_game(profile(limits={"multiple_of": 2_000}))
    with pytest.raises(NotMultipleOfUnit):
        strict.apply(PlaceBet(player="ana", spot="banker", amount=5_000, by=Role.PLAYER))


def test_maximum_is_50_or_100_times_the_minimum() -> None:
    assert PuntoBanco(profile(maxima={"times_minimum": 50})).maximum(pb.spot_of("banca")) == 100_000
    with pytest.raises(Exception, match="50 or 100"):
        profile(maxima={"times_minimum": 20})


# -- the drawing tables, cell by cell -------------------------------------------------------------


def spec_banker_draws(total: int, third: int | None) -> bool:
    """The spec's table "in words"."""
    if third is None:
        return total <= 5
    return {
        0: True,
        1: True,
        2: True,
        3: third != 8,
        4: 2 <= third <= 7,
        5: 4 <= third <= 7,
        6: 6 <= third <= 7,
        7: False,
    }[total]


SPEC_TABLE = """
0 T T T T T T T T T T T
1 T T T T T T T T T T T
2 T T T T T T T T T T T
3 T T T T T T T T T P T
4 T P P T T T T T T P P
5 T P P P P T T T T P P
6 P P P P P P P T T P P
7 P P P P P P P P P P P
"""

CELLS = [
    (int(row.split()[0]), None if col == 0 else col - 1, letter == "T")
    for row in SPEC_TABLE.strip().splitlines()
    for col, letter in enumerate(row.split()[1:])
]


@pytest.mark.parametrize(("total", "third", "draws"), CELLS)
def test_banker_table_cell(total: int, third: int | None, draws: bool) -> None:
    rules = pb.load_builtin().rules
    assert spec_banker_draws(total, third) is draws
    assert banker_draws(rules, total, third) is draws
    assert banker_draws(pb.load_builtin().rules, total, third) is draws


@pytest.mark.parametrize("total", range(10))
def test_player_rule_cell(total: int) -> None:
    assert player_draws(pb.load_builtin().rules, total) is (total <= 5)


TWO_CARD = {
    0: "Kh Qh",
    1: "Ah Kh",
    2: "Ah Ad",
    3: "Ah 2h",
    4: "2h 2d",
    5: "2h 3h",
    6: "3h 3d",
    7: "3h 4h",
}


@pytest.mark.parametrize(("total", "third", "draws"), CELLS)
def test_banker_table_cell_dealt(total: int, third: int | None, draws: bool) -> None:
    """The engine's deal follows each cell: Punt holds 6 (stands) or 0 (draws ``third``)."""
    b1, b2 = cards(TWO_CARD[total])
    if third is None:
        p1, p2 = cards("3s 3c")
        extra = []
    else:
        p1, p2 = cards("Ks Kc")
        extra = [Card.parse("Ts" if third == 0 else f"{third if third > 1 else 'A'}s")]
    deck = iter([p1, b1, p2, b2, *extra, Card.parse("9c")])
    played = play_coup(pb.load_builtin().rules, lambda: next(deck))
    assert len(played.banker) == (3 if draws else 2)
    assert len(played.player) == (2 if third is None else 3)


@pytest.mark.parametrize("total", [8, 9])
def test_naturals_stop_both_hands(total: int) -> None:
    nat = cards("4h 4d" if total == 8 else "4h 5d")
    low = cards("Kh Kd")
    for punt, banca in ((nat, low), (low, nat)):
        deck = iter([punt[0], banca[0], punt[1], banca[1], Card.parse("5c"), Card.parse("5d")])
        played = play_coup(pb.load_builtin().rules, lambda deck=deck: next(deck))
        assert len(played.player) == len(played.banker) == 2


# -- house edge (exact enumeration) ---------------------------------------------------------------


def figures(decks: int) -> dict[str, Fraction]:
    prof = profile(shoe={"decks": decks})
    return {chain.bet_id: analyse(chain).house_edge for chain in par_chains(prof)}


@pytest.mark.parametrize(
    ("decks", "banker", "player", "tie8", "pair"),
    [(6, 1.0558, 1.2374, 14.4382, 11.2540), (8, 1.0579, 1.2351, 14.3596, 10.3614)],
)
def test_house_edges(decks: int, banker: float, player: float, tie8: float, pair: float) -> None:
    edges = figures(decks)
    assert list(edges) == ["banker", "player", "tie", "player-pair", "banker-pair"]
    assert round(float(edges["banker"]) * 100, 4) == banker
    assert round(float(edges["player"]) * 100, 4) == player
    assert round(float(edges["tie"]) * 100, 4) == tie8
    assert round(float(edges["player-pair"]) * 100, 4) == pair
    assert edges["player-pair"] == edges["banker-pair"]


@pytest.mark.parametrize(
    ("decks", "banca", "punt", "tie"),
    [(6, 0.4586527188, 0.4462785698, 0.0950687113), (8, 0.4585974226, 0.4462466093, 0.0951559680)],
)
def test_outcome_probabilities(decks: int, banca: float, punt: float, tie: float) -> None:
    table = tuple(pb.load_builtin().rules.banker_table[t] for t in range(8))
    dist = coup_distribution(decks, pb.load_builtin().rules.player_draws, table)
    assert sum(p for _, p in dist) == 1
    pb_ = sum(p for t, p in dist if t.banker > t.player)
    pp = sum(p for t, p in dist if t.player > t.banker)
    pt = sum(p for t, p in dist if t.player == t.banker)
    assert (round(float(pb_), 10), round(float(pp), 10), round(float(pt), 10)) == (banca, punt, tie)
    n = decks
    pair = sum(p for t, p in dist if t.player_pair)
    assert pair == Fraction(4 * n - 1, 52 * n - 1)


def test_edges_per_decided_bet_and_tie_at_9_to_1() -> None:
    table = tuple(pb.load_builtin().rules.banker_table[t] for t in range(8))
    dist = coup_distribution(6, pb.load_builtin().rules.player_draws, table)
    pb_ = sum(p for t, p in dist if t.banker > t.player)
    pp = sum(p for t, p in dist if t.player > t.banker)
    decided = pb_ + pp
    assert round(float((pp - pb_ * Fraction(19, 20)) / decided) * 100, 4) == 1.1668
    assert round(float((pb_ - pp) / decided) * 100, 4) == 1.3674
    edge9 = analyse(pb.PuntoBancoChain("tie", profile(payouts={"tie": "9:1"}))).house_edge
    assert round(float(edge9) * 100, 4) == 4.9313
