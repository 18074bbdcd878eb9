"""Spec 05 (trente et quarante): every worked example, the dealing rule, the PAR figures."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.cards import Card, cards
from crupier.core.errors import BetNotWithdrawable, BetOverMaximum, IllegalAction, ProfileError
from crupier.core.layout import BuyIn, LastRounds, NoMoreBets, Phase, PlaceBet, TakeDown, Void
from crupier.core.profile import merge, validate_profile
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.core.shoe import Shoe
from crupier.games import trente_et_quarante as tq
from crupier.games.trente_et_quarante import (
    Burn,
    Deal,
    NewShoe,
    Position,
    RefaitChoice,
    TrenteEtQuarante,
    TrenteEtQuaranteProfile,
    coup_odds,
    par_chains,
)
from crupier.testing import assert_refused, cards_leaving

HUNDRED = 10_000  # "stakes are 100 unless stated": 100.00 in cents

# Rows of the worked examples (shoe order: the black row, then the red row).
EX1 = "7s Kh 6c 9d  Js 8h 4c 9d"  # 32 v 31: rouge and inverse
EX2 = "5h Qc Kd 8s  Tc Th 3s 2d 9c"  # 33 v 34: noir and inverse
EX3 = "Ks 9c Ah Jd Ac  8d 8c 7h 9s"  # 31 v 32: noir and couleur
TIE35 = "Ks Qh 5c Td  9h 9s 8d 9c"  # 35 v 35
TIE33 = "Ks Qh 3d Tc  9h 9s 5d Jc"  # 33 v 33
REFAIT = "Ks Qh Ad Tc  9h 9s 3d Jc"  # 31 v 31
NOIR_WINS = EX3
ROUGE_WINS = EX1


def profile(**over: Any) -> TrenteEtQuaranteProfile:
    """The andorra profile with some values changed (validated like a TOML file)."""
    return validate_profile(TrenteEtQuaranteProfile, merge(tq.raw_profile("andorra"), over))


def live_game(prof: TrenteEtQuaranteProfile | None = None) -> TrenteEtQuarante:
    game = TrenteEtQuarante(prof or tq.load_builtin())
    game.apply(NewShoe(live=True))
    for name in ("ana", "bo", "cy"):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


def bet(game: TrenteEtQuarante, spot: str, amount: int = HUNDRED, player: str = "ana") -> int:
    game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))
    return game.state.next_bet - 1


def deal(game: TrenteEtQuarante, dealt: str) -> Record:
    game.apply(NoMoreBets())
    return game.apply(Deal(cards=tuple(dealt.split())))


def settled(record: Record) -> list[dict[str, Any]]:
    return [e.to_dict() for e in record.events if e.kind == "settled"]


def nets(record: Record) -> dict[str, int]:
    return {d["spot"]: d["net"] for d in settled(record)}


def hand(game: TrenteEtQuarante, player: str = "ana") -> int:
    return game.state.players[player]


# -- examples 1-3: the four chances ------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealt", "black", "red", "winners"),
    [
        (EX1, 32, 31, {"rouge", "inverse"}),
        (EX2, 33, 34, {"noir", "inverse"}),
        (EX3, 31, 32, {"noir", "couleur"}),
    ],
    ids=["example-1", "example-2", "example-3"],
)
def test_examples_1_to_3(dealt: str, black: int, red: int, winners: set[str]) -> None:
    game = live_game()
    for spot in ("rouge", "noir", "couleur", "inverse"):
        bet(game, spot)
    record = deal(game, dealt)
    coup = game.state.results[-1]
    assert (coup.black_point, coup.red_point) == (black, red)
    assert len(coup.black) + len(coup.red) == len(dealt.split())
    expected = {
        s: HUNDRED if s in winners else -HUNDRED for s in ("rouge", "noir", "couleur", "inverse")
    }
    assert nets(record) == expected
    assert hand(game) == 1_000_000 and not game.state.bets  # two won, two lost
    assert game.state.balance() == 0


def test_example_1_running_totals_and_announcement() -> None:
    black, red = cards("7s Kh 6c 9d"), cards("Js 8h 4c 9d")
    assert [tq.row_total(black[: i + 1]) for i in range(4)] == [7, 17, 23, 32]
    assert [tq.row_total(red[: i + 1]) for i in range(4)] == [10, 18, 22, 31]
    coup = tq.Coup(tuple(black), tuple(red))
    assert coup.decision == tq.Decision("rouge", "inverse")
    assert coup.announcement() == "black 32, red 31: two, one; rouge and inverse win, colour loses"


# -- example 4: a tie at 35 voids the coup ------------------------------------------------------------


def test_example_4_tie_at_35_is_void() -> None:
    game = live_game()
    ids = [bet(game, spot) for spot in ("rouge", "noir", "couleur", "inverse")]
    record = deal(game, TIE35)
    assert {d["decision"] for d in settled(record)} == {"void"}
    assert set(nets(record).values()) == {0}
    assert sorted(game.state.bets) == ids  # the stakes stay on the layout ...
    assert game.state.phase is Phase.BETTING
    for bet_id in ids:  # ... and may be withdrawn
        game.apply(TakeDown(player="ana", bet=bet_id, by=Role.PLAYER))
    assert hand(game) == 1_000_000 and game.state.house == 0


def test_example_4_tie_stakes_returned_when_the_profile_says_so() -> None:
    game = live_game(profile(rules={"tie_stakes": "return"}))
    bet(game, "noir")
    record = deal(game, TIE35)
    assert [d["decision"] for d in settled(record)] == ["returned"]
    assert not game.state.bets and hand(game) == 1_000_000


# -- examples 5-8: the 31 refait, half back and prison -------------------------------------------------


def test_example_5_refait_half_back() -> None:
    game = live_game()
    noir = bet(game, "noir")
    record = deal(game, REFAIT)
    assert game.state.results[-1].decision.refait
    assert settled(record)[0]["decision"] == "refait"
    assert game.state.bets[noir].status == "refait"
    game.apply(RefaitChoice(player="ana", bet=noir, choice="half-back", by=Role.PLAYER))
    assert hand(game) == 1_000_000 - 5_000  # net -50
    assert game.state.house == 5_000 and not game.state.bets


def test_example_5_an_undeclared_choice_means_prison() -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    record = game.apply(NoMoreBets())
    assert game.state.bets[noir].status == "prison"
    assert any("prison by default" in getattr(e, "text", "") for e in record.events)


@pytest.mark.parametrize(("second", "net"), [(NOIR_WINS, 0), (ROUGE_WINS, -HUNDRED)])
def test_example_6_prison_then_a_win_or_a_loss(second: str, net: int) -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison", by=Role.PLAYER))
    with pytest.raises(BetNotWithdrawable):
        game.apply(TakeDown(player="ana", bet=noir, by=Role.PLAYER))
    record = deal(game, second)
    if net == 0:  # freed, without winnings: back in free play
        assert settled(record)[0]["decision"] == "freed"
        assert game.state.bets[noir].status == "free"
        assert game.state.bets[noir].amount == HUNDRED
        game.apply(TakeDown(player="ana", bet=noir, by=Role.PLAYER))
    else:
        assert settled(record)[0]["decision"] == "lose"
    assert hand(game) == 1_000_000 + net
    assert game.state.balance() == 0


def test_example_7_prison_then_a_tie_at_33_then_a_loss() -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    record = deal(game, TIE33)  # no choice declared: prison by default
    assert settled(record)[0]["decision"] == "prison"
    assert game.state.bets[noir].status == "prison" and game.state.bets[noir].amount == HUNDRED
    record = deal(game, ROUGE_WINS)
    assert settled(record)[0]["decision"] == "lose"
    assert hand(game) == 1_000_000 - HUNDRED


@pytest.mark.parametrize("takes_back", [True, False])
def test_example_8_double_refait(takes_back: bool) -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison", by=Role.PLAYER))
    deal(game, REFAIT)
    stake = game.state.bets[noir]
    assert (stake.status, stake.amount, stake.count) == ("refait", 5_000, 2)  # P halves: 50
    if takes_back:
        game.apply(RefaitChoice(player="ana", bet=noir, choice="half", by=Role.PLAYER))
        assert hand(game) == 1_000_000 - 7_500  # takes back 25: net -75
        return
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison", by=Role.PLAYER))
    record = deal(game, NOIR_WINS)
    assert settled(record)[0]["decision"] == "freed"
    game.apply(TakeDown(player="ana", bet=noir, by=Role.PLAYER))
    assert hand(game) == 1_000_000 - 5_000  # 50 freed: net -50


def test_example_8_model_b_frees_the_whole_stake() -> None:
    game = live_game(profile(rules={"prison_model": "B"}))
    noir = bet(game, "noir")
    deal(game, REFAIT)
    deal(game, REFAIT)  # prison by default, then a second refait
    assert game.state.bets[noir].amount == HUNDRED and game.state.bets[noir].count == 2
    record = deal(game, NOIR_WINS)  # prison by default again
    assert settled(record)[0]["decision"] == "freed"
    assert game.state.bets[noir].amount == HUNDRED
    game2 = live_game(profile(rules={"prison_model": "B"}))
    noir = bet(game2, "noir")
    deal(game2, REFAIT)
    deal(game2, REFAIT)
    game2.apply(RefaitChoice(player="ana", bet=noir, choice="half-back", by=Role.PLAYER))
    assert hand(game2) == 1_000_000 - 7_500  # S/2^2 back


# -- examples 9-10: the insurance ----------------------------------------------------------------------


def test_example_9_insured_stake_on_a_refait() -> None:
    game = live_game()
    noir = bet(game, "noir insured")
    assert game.state.insured == {noir: 100} and hand(game) == 1_000_000 - HUNDRED - 100
    record = deal(game, REFAIT)
    assert settled(record)[0]["decision"] == "void"  # a tie for this stake
    assert game.state.bets[noir].status == "free"
    game.apply(TakeDown(player="ana", bet=noir, by=Role.PLAYER))
    assert hand(game) == 1_000_000 - 100  # net -1
    assert game.state.house == 100 and game.state.fees == 100


def test_example_10_insured_stake_wins() -> None:
    game = live_game()
    couleur = bet(game, "couleur", 20_000)
    game.apply(tq.Insure(player="ana", bet=couleur, by=Role.PLAYER))
    record = deal(game, EX3)  # couleur wins
    assert nets(record) == {"couleur": 20_000}
    assert hand(game) == 1_000_000 + 20_000 - 200  # +198
    assert not game.state.insured


# -- example 11: the last coup of the session ---------------------------------------------------------


def test_example_11_last_coup_refait_forces_the_refunds() -> None:
    game = live_game()
    noir = bet(game, "noir", player="bo")
    deal(game, REFAIT)  # bo's noir: prison (by default at the next no more bets)
    rouge = bet(game, "rouge")
    game.apply(LastRounds(count=1, by=Role.HEAD))
    record = deal(game, REFAIT)
    by_bet = {d["bet"]: d for d in settled(record)}
    assert by_bet[rouge]["decision"] == "half-back" and by_bet[rouge]["returned"] == 5_000
    assert by_bet[noir]["decision"] == "half-back" and by_bet[noir]["returned"] == 2_500
    assert hand(game) == 1_000_000 - 5_000  # net -50
    assert hand(game, "bo") == 1_000_000 - 7_500  # forced refund of 25
    assert game.state.phase is Phase.CLOSED and game.state.balance() == 0


# -- example 12: the separator card --------------------------------------------------------------------


def test_example_12_separator_during_the_red_row_electronic_shoe() -> None:
    game = TrenteEtQuarante(tq.load_builtin())
    game.apply(BuyIn(player="ana", amount=100_000))
    dealt = cards("7s Kh 6c 9d Js 8h 4c 9d 2h 3h 4h")  # 4 black, 2 red, then the last 5
    game.state.shoe = Shoe.stacked(dealt, cards_below_stop=5)
    noir = bet(game, "noir")
    game.apply(NoMoreBets())
    record = game.apply(Deal())
    texts = [getattr(e, "text", "") for e in record.events]
    assert any("separator card appeared" in t for t in texts)
    assert any("last 5 cards are put face down and counted" in t for t in texts)
    assert not settled(record) and game.state.bets[noir].amount == HUNDRED  # net 0
    assert game.state.phase is Phase.BETTING and game.state.annulled == 1
    assert game.state.black == [] and len(game.state.discarded) == 6
    assert game.state.shoe is not None and game.state.shoe.remaining == 5
    game.apply(TakeDown(player="ana", bet=noir, by=Role.PLAYER))  # free stakes may be withdrawn
    assert hand(game) == 100_000
    game.apply(NoMoreBets())
    with pytest.raises(IllegalAction, match="separator"):
        game.apply(Deal())
    game.apply(Void(reason="end of shoe", by=Role.HEAD))
    assert "new-shoe" in game.legal_actions()
    game.apply(NewShoe())
    assert game.state.shoes == 1 and game.state.shoe.remaining == 312  # type: ignore[union-attr]


def test_example_12_separator_live_table_prison_unchanged() -> None:
    game = live_game()
    noir = bet(game, "noir")
    deal(game, REFAIT)
    game.apply(RefaitChoice(player="ana", bet=noir, choice="prison", by=Role.PLAYER))
    rouge = bet(game, "rouge")
    # the shoe runs down: the separator lies in front of the last five cards (05 V)
    shoe = game.state.shoe
    assert shoe is not None
    game.apply(Burn(cards=cards_leaving(shoe, 10, keep="7s Kh 6c 9d Js")))
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=("7s", "Kh", "6c", "9d", "Js"), separator=True, counted=5))
    assert not settled(record)
    assert game.state.bets[noir].status == "prison" and game.state.bets[noir].count == 1
    assert game.state.bets[rouge].status == "free"
    assert game.state.shoe is not None and game.state.shoe.at_stop_card
    texts = [getattr(e, "text", "") for e in record.events]
    assert any("the last 5 cards are put face down" in t for t in texts)
    game.apply(NewShoe(live=True))
    record = deal(game, NOIR_WINS)
    assert {d["bet"]: d["decision"] for d in settled(record)} == {noir: "freed", rouge: "lose"}


# -- example 13: a card exposed by error ----------------------------------------------------------------


def test_example_13_exposed_card_is_burnt_live() -> None:
    game = live_game()
    bet(game, "rouge")
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("7s", "Kh")))
    assert game.state.dealing and game.state.phase is Phase.NO_MORE_BETS
    game.apply(Burn(cards=("5d",), reason="slipped out face up", by=Role.CROUPIER))
    record = game.apply(Deal(cards=("6c", "9d", "Js", "8h", "4c", "9d")))
    coup = game.state.results[-1]
    assert coup.black == tuple(cards("7s Kh 6c 9d")) and Card.parse("5d") not in coup.black
    assert nets(record) == {"rouge": HUNDRED}
    assert game.state.shoe is not None and game.state.shoe.burnt == [Card.parse("5d")]


def test_example_13_exposed_card_is_burnt_electronic() -> None:
    game = TrenteEtQuarante(tq.load_builtin())
    game.apply(BuyIn(player="ana", amount=100_000))
    game.state.shoe = Shoe.stacked(cards("7s Kh 5d 6c 9d Js 8h 4c 9d 2c 2d 2h 2s 3c 3d"))
    bet(game, "rouge")
    game.apply(NoMoreBets())
    game.apply(Deal(count=2))
    game.apply(Burn(count=1, reason="exposed"))
    record = game.apply(Deal())
    assert game.state.results[-1].black == tuple(cards("7s Kh 6c 9d"))
    assert nets(record) == {"rouge": HUNDRED}


# -- example 14: limits ------------------------------------------------------------------------------------


def test_example_14_maximum() -> None:
    game = live_game()
    assert game.profile.limits.minimum == 500
    assert game.maximum(tq.spot_of("rouge")) == 500_000  # 5 000 = 1 000 x 5
    bet(game, "rouge", 500_000)
    assert_refused(
        game, PlaceBet(player="bo", spot="rouge", amount=500_500, by=Role.PLAYER), BetOverMaximum
    )
    andorra_low = live_game(profile(maxima={"times_minimum": 100}))
    assert andorra_low.maximum(tq.spot_of("noir")) == 50_000  # at least 500 in Andorra
    with pytest.raises(ProfileError, match=r"maxima\.times_minimum"):
        profile(maxima={"times_minimum": 99})
    with pytest.raises(ProfileError, match=r"maxima\.times_minimum"):
        profile(maxima={"times_minimum": 1_001})
    spain = tq.load_builtin("spain-1979")
    assert spain.maxima.times_minimum == 1_000
    with pytest.raises(ProfileError, match=r"maxima\.times_minimum"):
        validate_profile(
            TrenteEtQuaranteProfile,
            merge(tq.raw_profile("spain-1979"), {"maxima": {"times_minimum": 500}}),
        )


# -- example 15: the payment order ----------------------------------------------------------------------


def test_example_15_payment_order() -> None:
    game = live_game()
    game.apply(Position(player="ana", distance=1))
    game.apply(Position(player="bo", distance=5))
    game.apply(Position(player="cy", distance=3))
    for player in ("ana", "bo", "cy"):
        for spot in ("noir", "couleur", "rouge", "inverse"):
            bet(game, spot, player=player)
    record = deal(game, EX3)  # noir and couleur win
    order = [(d["decision"], d["spot"], d["player"]) for d in settled(record)]
    losers, winners = order[:6], order[6:]
    assert {d for d, _s, _p in losers} == {"lose"} and {s for _d, s, _p in losers} == {
        "rouge",
        "inverse",
    }
    assert winners == [
        ("win", "couleur", "bo"),
        ("win", "couleur", "cy"),
        ("win", "couleur", "ana"),
        ("win", "noir", "bo"),
        ("win", "noir", "cy"),
        ("win", "noir", "ana"),
    ]


# -- the dealing rule, card values --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "value"),
    [("Ah", 1), ("2c", 2), ("9d", 9), ("Ts", 10), ("Jh", 10), ("Qc", 10), ("Kd", 10)],
)
def test_card_values(code: str, value: int) -> None:
    assert tq.card_value(Card.parse(code)) == value


@pytest.mark.parametrize("total", range(0, 41))
def test_a_row_takes_cards_below_31(total: int) -> None:
    tens, rest = divmod(total, 10)
    row = [Card.parse("Ks")] * tens + (
        [Card.parse(f"{rest if rest > 1 else 'A'}h")] if rest else []
    )
    assert tq.row_total(row) == total
    assert tq.next_row(row, []) == ("noir" if total < 31 else "rouge")
    full = cards("Ks Qh Tc Ad")
    assert tq.next_row(full, row) == ("rouge" if total < 31 else None)


def test_every_point_is_31_to_40() -> None:
    for point, p in coup_odds(1).row:
        assert 31 <= point <= 40 and p > 0


# -- the PAR figures -------------------------------------------------------------------------------------

ROW_6_DECKS = [
    0.1480577771,
    0.1378262242,
    0.1275766518,
    0.1168650518,
    0.1061516678,
    0.0949924475,
    0.0838589961,
    0.0723024552,
    0.0608008559,
    0.0515678726,
]


def test_single_row_distribution_six_decks() -> None:
    odds = coup_odds(6)
    assert [round(float(p), 10) for _, p in odds.row] == ROW_6_DECKS
    assert sum(p for _, p in odds.row) == 1


def test_coup_probabilities_six_decks() -> None:
    odds = coup_odds(6)
    assert round(float(odds.refait), 12) == 0.021891370487
    assert round(float(odds.void), 12) == 0.087707542676
    assert round(float(odds.tie), 12) == 0.109598913162
    assert round(float(odds.decisive / 2), 12) == 0.445200543419
    assert sum(p for _, p in odds.outcomes()) == 1
    assert round(float(dict(odds.row)[31]), 10) == 0.1480577771


def test_house_edges_six_decks() -> None:
    prof = tq.load_builtin()
    figures = {c.bet_id: analyse(c) for c in par_chains(prof)}
    assert list(figures)[:4] == ["rouge", "noir", "couleur", "inverse"]
    assert set(figures) == {
        f"{c}{suffix}"
        for c in ("rouge", "noir", "couleur", "inverse")
        for suffix in ("", "-insured", "-prison")
    }
    odds = coup_odds(6)
    for chance in ("rouge", "noir", "couleur", "inverse"):
        half_back = figures[chance].house_edge
        assert half_back == odds.refait / 2  # the spec's formula, exactly
        assert round(float(half_back) * 100, 4) == 1.0946
        assert figures[f"{chance}-insured"].house_edge == Fraction(1, 100)
        assert figures[chance].hit_frequency == odds.decisive / 2
    # always prison (model A): worth (d/2) / (1 - void - refait/2) per unit in prison
    w = (odds.decisive / 2) / (1 - odds.void - odds.refait / 2)
    assert figures["rouge-prison"].house_edge == odds.refait * (1 - w)
    assert figures["rouge-prison"].house_edge > figures["rouge"].house_edge


def test_infinite_deck_check() -> None:
    dist = dict(tq.infinite_row_distribution())
    assert sum(dist.values()) == 1
    assert round(float(dist[31]), 10) == 0.1480608628
    assert round(float(dist[31] ** 2), 10) == 0.0219220191
    assert round(float(dist[31] ** 2 / 2) * 100, 4) == 1.0961


def test_par_outcome_tables_match_the_chains() -> None:
    prof = tq.load_builtin()
    tables = {t["title"].split(" (")[0]: t for t in tq.par_outcomes(prof)}
    options = {row[0]: row for row in tables["Refait options and insurance"]["rows"]}
    edges = {c.bet_id: analyse(c).house_edge for c in par_chains(prof)}
    half = edges["rouge"]
    assert options["house edge, half back at a refait"][2] == f"{half.numerator}/{half.denominator}"
    prison = edges["rouge-prison"]
    assert options["house edge, always prison (model A)"][2] == (
        f"{prison.numerator}/{prison.denominator}"
    )
    assert options["house edge, insured (the fee included)"][2] == "1/100"
    outcome_rows = {row[0]: row for row in tables["Coup outcomes"]["rows"]}
    assert outcome_rows["refait of 31 (après)"][1] == "2.189137 %"
    assert [row[0] for row in tables["One row's point"]["rows"]] == [str(p) for p in range(31, 41)]
