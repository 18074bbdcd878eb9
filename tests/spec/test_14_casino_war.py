"""Spec 14 (El Repte, casino war): every worked example, the rank order, limits, the PAR table."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from crupier.analysis.exact import analyse
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.errors import (
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    ProfileError,
)
from crupier.core.layout import BuyIn, NoMoreBets, Phase, PlaceBet, Settled, Void
from crupier.core.profile import merge, validate_profile
from crupier.core.roles import Role
from crupier.core.round import Record
from crupier.core.shoe import Shoe
from crupier.games import casino_war as cw
from crupier.games.builtin import builtin_raw
from crupier.games.casino_war import (
    Burn,
    CasinoWar,
    CasinoWarProfile,
    Deal,
    GoToWar,
    NewShoe,
    RoundOutcome,
    Stage,
    Surrender,
    TakeSeat,
    WarDeal,
    compare,
    par_chains,
    round_distribution,
)
from crupier.testing import assert_refused

BURN = ("2h", "2d", "2s")  # three burnt cards entered at a live table


def profile(**over: Any) -> CasinoWarProfile:
    """The andorra profile with some values changed (validated like a TOML file)."""
    return validate_profile(CasinoWarProfile, merge(builtin_raw("casino-war", "andorra"), over))


def live_game(prof: CasinoWarProfile | None = None, players: int = 1) -> CasinoWar:
    game = CasinoWar(prof or cw.load_builtin())
    game.apply(NewShoe(live=True))
    for i in range(1, players + 1):
        game.apply(BuyIn(player=f"p{i}", amount=100_000))
        game.apply(TakeSeat(player=f"p{i}", seat=i))
    return game


def bet(game: CasinoWar, player: str, spot: str, amount: int) -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))


def settled(*records: Record) -> list[Settled]:
    return [e for r in records for e in r.events if isinstance(e, Settled)]


def chips(game: CasinoWar) -> dict[str, int]:
    return dict(game.state.players)


# -- worked examples 1-7: one box ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "tie_bet", "dealt", "net"),
    [(1, 0, "9c 6d", 2_000), (2, 0, "4h Js", -2_000), (7, 1_000, "As 9d", 1_000)],
)
def test_worked_examples_1_2_7_no_tie(n: int, tie_bet: int, dealt: str, net: int) -> None:
    game = live_game()
    before = chips(game)["p1"]
    bet(game, "p1", "initial", 2_000)
    if tie_bet:
        bet(game, "p1", "tie", tie_bet)
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=tuple(dealt.split())))
    assert game.state.players["p1"] - before == net
    assert game.state.phase is Phase.BETTING and game.state.stage is Stage.BETTING
    assert not game.state.bets and game.state.balance() == 0
    decisions = {e.spot: e.decision for e in settled(record)}
    assert decisions["initial"] == ("win" if net + tie_bet > 0 else "lose")
    if tie_bet:
        assert decisions["tie"] == "lose"


def test_worked_example_3_tie_bet_then_surrender() -> None:
    game = live_game()
    bet(game, "p1", "initial", 2_000)
    bet(game, "p1", "tie", 500)
    game.apply(NoMoreBets())
    deal = game.apply(Deal(cards=("Kd", "Ks")))
    assert [(e.spot, e.win) for e in settled(deal)] == [("tie", 5_000)]  # tie bet +50
    assert game.state.stage is Stage.WAR_DECISION
    assert game.state.players["p1"] == 100_000 - 2_000 - 500 + 5_500
    record = game.apply(Surrender(player="p1", by=Role.PLAYER))
    (initial,) = settled(record)
    assert (initial.decision, initial.returned, initial.net) == ("refund", 1_000, -1_000)
    assert game.state.players["p1"] == 100_000 + 4_000  # net +40
    assert game.state.phase is Phase.BETTING and game.state.balance() == 0


def war_round(
    game: CasinoWar, tie_cards: str, war_cards: str, initial: int = 2_000, tie_bet: int = 0
) -> tuple[int, list[Settled]]:
    before = game.state.players["p1"]
    bet(game, "p1", "initial", initial)
    if tie_bet:
        bet(game, "p1", "tie", tie_bet)
    game.apply(NoMoreBets())
    records = [game.apply(Deal(cards=tuple(tie_cards.split())))]
    records.append(game.apply(GoToWar(player="p1", by=Role.PLAYER)))
    assert game.state.stage is Stage.WAR_DEAL
    assert game.state.players["p1"] == before - 2 * initial + 10 * tie_bet
    records.append(game.apply(WarDeal(burn=BURN, cards=tuple(war_cards.split()))))
    return game.state.players["p1"] - before, settled(*records)


def test_worked_example_4_war_won() -> None:
    game = live_game()
    net, events = war_round(game, "7h 7s", "Qc 5h")
    assert net == 2_000
    war = {e.spot: (e.decision, e.win) for e in events}
    assert war == {"initial": ("push", 0), "challenge": ("win", 2_000)}
    assert game.state.shoe is not None and len(game.state.shoe.burnt) == 3


def test_worked_example_5_war_tie_pays_2_to_1() -> None:
    game = live_game()
    net, events = war_round(game, "3h 3c", "8d 8s")
    assert net == 4_000
    assert {e.spot: (e.decision, e.win) for e in events} == {
        "initial": ("push", 0),
        "challenge": ("win", 4_000),
    }


def test_worked_example_6_tie_bet_then_war_lost() -> None:
    game = live_game()
    net, events = war_round(game, "Ah Ad", "2c Th", tie_bet=1_000)
    assert net == 6_000  # +100 on the tie bet, -40 on the war
    by_spot = {e.spot: (e.decision, e.net) for e in events}
    assert by_spot == {
        "tie": ("win", 10_000),
        "initial": ("lose", -2_000),
        "challenge": ("lose", -2_000),
    }
    assert game.state.balance() == 0 and game.state.house == -6_000


# -- worked examples 8-9: several boxes, one croupier war card ----------------------------------------


def test_worked_example_8_one_surrenders_one_challenges() -> None:
    game = live_game(players=2)
    bet(game, "p1", "initial", 1_000)
    bet(game, "p2", "initial", 5_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("6h", "6d", "6s")))  # box 1, box 2, croupier
    assert game.legal_actions()[-2:] == ["go-to-war", "surrender"]
    game.apply(Surrender(player="p1", by=Role.PLAYER))
    assert game.state.stage is Stage.WAR_DECISION
    game.apply(GoToWar(player="p2", by=Role.PLAYER))
    record = game.apply(WarDeal(burn=BURN, cards=("Jh", "9c")))
    assert game.state.players == {"p1": 100_000 - 500, "p2": 100_000 + 5_000}
    assert [(e.player, e.spot) for e in settled(record)] == [("p2", "initial"), ("p2", "challenge")]
    assert game.state.boxes[0].war_card is None and game.state.croupier_war_card == Card.parse("9c")


def test_worked_example_9_one_croupier_war_card_serves_all() -> None:
    game = live_game(players=3)
    for p in ("p1", "p2", "p3"):
        bet(game, p, "initial", 1_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Qh", "Qs", "Qc", "Qd")))
    for p in ("p1", "p2", "p3"):
        game.apply(GoToWar(player=p, by=Role.PLAYER))
    record = game.apply(WarDeal(burn=BURN, cards=("9h", "7c", "4d", "7s")))
    assert game.state.players == {"p1": 101_000, "p2": 102_000, "p3": 98_000}
    # settled from the croupier's right: box 3 first
    assert [e.player for e in settled(record)] == ["p3", "p3", "p2", "p2", "p1", "p1"]
    wins = {(e.player, e.spot): e.win for e in settled(record) if e.decision == "win"}
    assert wins == {("p1", "challenge"): 1_000, ("p2", "challenge"): 2_000}


def test_deal_order_and_settlement_order_of_the_first_deal() -> None:
    """Cards go to box 1 first; non-tied boxes are settled from the right, then tie bets."""
    game = live_game(players=3)
    for p in ("p1", "p2", "p3"):
        bet(game, p, "initial", 1_000)
        bet(game, p, "tie", 500)
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=("8h", "Kc", "2d", "8s")))
    assert [str(b.card) for b in game.state.boxes] == ["8h", "Kc", "2d"]
    order = [(e.player, e.spot, e.decision) for e in settled(record)]
    assert order == [
        ("p3", "initial", "lose"),
        ("p3", "tie", "lose"),
        ("p2", "initial", "win"),
        ("p2", "tie", "lose"),
        ("p1", "tie", "win"),
    ]


# -- worked examples 10-12: errors ---------------------------------------------------------------------


def test_worked_example_10_cards_stuck_together_void_the_round() -> None:
    game = live_game(players=2)
    bet(game, "p1", "initial", 2_000)
    bet(game, "p1", "tie", 500)
    bet(game, "p2", "initial", 3_000)
    game.apply(NoMoreBets())
    game.apply(Burn(cards=("5c", "Jd"), reason="two cards came out together, one exposed"))
    record = game.apply(Void(reason="misdeal"))
    assert game.state.players == {"p1": 100_000, "p2": 100_000}
    assert {e.decision for e in settled(record)} == {"push"} and len(settled(record)) == 3
    assert not game.state.bets and game.state.house == 0 and game.state.balance() == 0
    assert game.state.phase is Phase.BETTING and game.state.rounds == 0 and game.state.voids == 1
    assert game.state.shoe is not None and game.state.shoe.remaining == 312 - 2


def test_worked_example_11_face_up_card_in_the_shoe_is_discarded() -> None:
    game = live_game()
    bet(game, "p1", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Burn(cards=("4s",), reason="card face up in the shoe"))
    record = game.apply(Deal(cards=("9c", "6d")))
    assert game.state.players["p1"] == 102_000
    assert settled(record)[0].stake == 2_000  # the bet was not changed
    assert Card.parse("4s") in game.state.shoe.burnt  # type: ignore[union-attr]


def test_worked_example_11_electronic_shoe_uses_the_next_card() -> None:
    game = CasinoWar(cw.load_builtin())
    game.apply(BuyIn(player="p1", amount=100_000))
    game.state.shoe = Shoe.stacked(cards("4s 9c 6d") + standard_deck())
    bet(game, "p1", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Burn(count=1, reason="card face up in the shoe"))
    game.apply(Deal())
    assert game.state.boxes[0].card == Card.parse("9c")
    assert game.state.croupier_card == Card.parse("6d")
    assert game.state.players["p1"] == 102_000


def test_worked_example_12_a_box_dealt_two_cards_voids_the_round() -> None:
    game = live_game()
    bet(game, "p1", "initial", 2_000)
    bet(game, "p1", "tie", 1_000)
    game.apply(NoMoreBets())
    # at a live table the engine refuses a deal with the wrong number of cards ...
    assert_refused(game, Deal(cards=("9c", "3h", "6d")), MalformedAction)
    # ... the croupier takes the cards out and voids the round: every bet is returned
    game.apply(Burn(cards=("9c", "3h", "6d"), reason="box 1 dealt two cards"))
    game.apply(Void(reason="box 1 dealt two cards"))
    assert game.state.players["p1"] == 100_000 and not game.state.bets


# -- the rank order ----------------------------------------------------------------------------------


def test_rank_order_ace_high_and_suits_never_count() -> None:
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
    deck = standard_deck()
    for a, b in itertools.product(deck, deck):
        ia, ib = order.index(a.rank.value), order.index(b.rank.value)
        assert compare(a, b) == (ia > ib) - (ia < ib)
    assert [r.value for r in cw.RANK_ORDER] == order


# -- limits ---------------------------------------------------------------------------------------------


def test_limits_of_the_initial_and_tie_bets() -> None:
    game = live_game()
    prof = game.profile
    assert prof.limits.minimum == 500 and cw.initial_maximum(prof) == 10_000
    assert cw.tie_maximum(prof) == 1_000  # the table maximum / 10
    assert_refused(game, PlaceBet(player="p1", spot="initial", amount=499), BetUnderMinimum)
    assert_refused(game, PlaceBet(player="p1", spot="initial", amount=10_001), BetOverMaximum)
    bet(game, "p1", "initial", 10_000)
    assert_refused(game, PlaceBet(player="p1", spot="tie", amount=499), BetUnderMinimum)
    assert_refused(game, PlaceBet(player="p1", spot="tie", amount=1_001), BetOverMaximum)
    bet(game, "p1", "tie", 1_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("5h", "5c")))
    assert game.state.players["p1"] == 100_000 - 10_000 - 1_000 + 11_000  # tie: 10 to 1
    # the challenge equals the initial bet even at the maximum (DEFAULT)
    game.apply(GoToWar(player="p1", by=Role.PLAYER))
    assert sum(b.amount for b in game.state.bets.values()) == 20_000


@pytest.mark.parametrize("multiple", [10, 20, 30])
def test_fluctuation_band_10_20_or_30_times_the_minimum(multiple: int) -> None:
    prof = profile(maxima={"max_multiple": multiple})
    assert cw.initial_maximum(prof) == 500 * multiple
    assert cw.tie_maximum(prof) == 50 * multiple


def test_other_fluctuation_bands_are_refused() -> None:
    with pytest.raises(ProfileError, match=r"maxima\.max_multiple"):
        profile(maxima={"max_multiple": 25})


def test_challenge_over_the_maximum_when_the_profile_forbids_it() -> None:
    game = live_game(profile(rules={"war_total_over_maximum": False}))
    bet(game, "p1", "initial", 10_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("5h", "5c")))
    assert_refused(game, GoToWar(player="p1", by=Role.PLAYER), BetOverMaximum)
    game.apply(Surrender(player="p1", by=Role.PLAYER))
    assert game.state.players["p1"] == 95_000


# -- the Triple Joc "Repte" tie rule (Differences between sources) --------------------------------------


def test_without_war_a_tie_loses_half() -> None:
    game = live_game(profile(rules={"war_offered": False}))
    bet(game, "p1", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Kd", "Ks")))
    assert game.state.stage is Stage.BETTING and game.state.players["p1"] == 99_000
    assert [c.bet_id for c in par_chains(game.profile)] == ["war-surrender", "tie"]


# -- the cut card (Decision rules DEFAULT) -------------------------------------------------------------


def test_the_round_in_which_the_cut_card_appears_is_completed() -> None:
    game = CasinoWar(cw.load_builtin())
    game.apply(BuyIn(player="p1", amount=100_000))
    dealt = cards("7h 7s 2c 3c 4c Qc 5h 9d 9h")
    game.state.shoe = Shoe.stacked(dealt, cards_below_stop=len(dealt) - 3)
    bet(game, "p1", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Deal())
    game.apply(GoToWar(player="p1", by=Role.PLAYER))
    record = game.apply(WarDeal())  # the cut card comes out among the burnt cards
    assert game.state.boxes[0].war_card == Card.parse("Qc")
    assert game.state.players["p1"] == 102_000
    assert any("reshuffled" in getattr(e, "text", "") for e in record.events)
    bet(game, "p1", "initial", 2_000)
    with pytest.raises(IllegalAction, match="cut card"):
        game.apply(NoMoreBets())
    assert "new-shoe" in game.legal_actions()
    game.apply(NewShoe())
    game.apply(NoMoreBets())
    game.apply(Deal())


# -- PAR: the spec's table ------------------------------------------------------------------------------

SPEC_TABLE = [
    # decks, P(tie), P(player wins), P(tie in war), EV war, EV surrender, EV tie bet
    (1, "1/17", "8/17", "73/1225", -0.020648, -0.029412, -0.352941),
    (2, "7/103", "48/103", "117/1717", -0.022403, -0.033981, -0.252427),
    (4, "5/69", "32/69", "1531/21115", -0.023096, -0.036232, -0.202899),
    (6, "23/311", "144/311", "1181/15965", -0.023301, -0.036977, -0.186495),
    (8, "31/415", "192/415", "2129/28497", -0.023398, -0.037349, -0.178313),
]


def decks_profile(decks: int) -> CasinoWarProfile:
    return profile(shoe={"decks": decks, "cards_below_stop": 26})


@pytest.mark.parametrize(
    ("decks", "tie", "win", "war_tie", "ev_war", "ev_sur", "ev_tie"), SPEC_TABLE
)
def test_par_table(
    decks: int, tie: str, win: str, war_tie: str, ev_war: float, ev_sur: float, ev_tie: float
) -> None:
    prof = decks_profile(decks)
    dist = dict(round_distribution(decks, prof.rules.war_burn))
    assert sum(dist.values()) == 1
    p_tie = sum(p for o, p in dist.items() if o.first == 0)
    assert p_tie == Fraction(tie)
    assert dist[RoundOutcome(1, None)] == dist[RoundOutcome(-1, None)] == Fraction(win)
    assert dist[RoundOutcome(0, 0)] / p_tie == Fraction(war_tie)
    edges = {f.bet_id: f.house_edge for f in (analyse(c) for c in par_chains(prof))}
    assert list(edges) == ["war", "war-surrender", "tie"]
    assert round(float(-edges["war"]), 6) == ev_war
    assert round(float(-edges["war-surrender"]), 6) == ev_sur
    assert round(float(-edges["tie"]), 6) == ev_tie


@pytest.mark.parametrize("decks", range(1, 9))
def test_par_formulas(decks: int) -> None:
    """The spec's closed forms; the burnt cards, enumerated, change nothing."""
    n, big = decks, 52 * decks
    for burn in (0, 3, 5):
        dist = dict(round_distribution(decks, burn))
        p_tie = sum(p for o, p in dist.items() if o.first == 0)
        assert p_tie == Fraction(4 * n - 1, big - 1)
        war_tie = Fraction(
            (4 * n - 2) * (4 * n - 3) + 12 * 4 * n * (4 * n - 1), (big - 2) * (big - 3)
        )
        assert dist[RoundOutcome(0, 0)] / p_tie == war_tie
        assert dist[RoundOutcome(0, 1)] == dist[RoundOutcome(0, -1)]


def test_going_to_war_beats_surrendering() -> None:
    prof = decks_profile(8)
    dist = dict(round_distribution(8, 3))
    p_tie = sum(p for o, p in dist.items() if o.first == 0)
    ev_war = sum(
        dist[RoundOutcome(0, w)] / p_tie * cw.box_net(prof, "war", RoundOutcome(0, w))
        for w in (1, 0, -1)
    )
    assert round(float(ev_war), 6) == -0.313226
    assert ev_war > cw.box_net(prof, "war-surrender", RoundOutcome(0, 0)) == Fraction(-1, 2)
    table = cw.par_outcomes(prof)[1]
    assert table["rows"][0][1] == f"{ev_war.numerator}/{ev_war.denominator}"
