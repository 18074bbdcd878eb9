"""El Repte engine: profiles, refusals, the war decision, errors, shoes, replay, invariants, the
terminal table, and the PAR model cross-checked against the engine card by card."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from io import StringIO
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from crupier.core.cards import FRENCH_SUITS, Card, cards
from crupier.core.errors import (
    BetNotWithdrawable,
    BettingClosed,
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    MalformedAmount,
    NotPermitted,
    ProfileError,
    RuleError,
    UnknownPlayer,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import (
    BuyIn,
    CashOut,
    LastRounds,
    NoMoreBets,
    Phase,
    PlaceBet,
    Reopen,
    Settled,
    Suspend,
    TakeDown,
    Then,
    Void,
)
from crupier.core.profile import Profile, dump_profile, merge, validate_profile
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.core.shoe import Shoe
from crupier.games import casino_war as cw
from crupier.games.casino_war import (
    Burn,
    CasinoWar,
    CasinoWarProfile,
    Deal,
    Decision,
    GoToWar,
    LeaveSeat,
    NewShoe,
    RoundOutcome,
    Stage,
    Surrender,
    TakeSeat,
    WarDeal,
)
from crupier.games.casino_war.terminal import TABLE, CasinoWarTable
from crupier.testing import assert_refused, long_run


def profile(**over: Any) -> CasinoWarProfile:
    return validate_profile(CasinoWarProfile, merge(cw.raw_profile("andorra"), over))


ONE_DECK = {"shoe": {"decks": 1, "cards_below_stop": 26}}


def electronic(seed: int = 5, prof: CasinoWarProfile | None = None) -> CasinoWar:
    game = CasinoWar(prof or cw.load_builtin(), SeededSource(seed))
    game.apply(NewShoe())
    for name in ("ana", "bo", "cy"):
        game.apply(BuyIn(player=name, amount=100_000))
    return game


def live(
    prof: CasinoWarProfile | None = None, players: tuple[str, ...] = ("ana", "bo")
) -> CasinoWar:
    game = CasinoWar(prof or cw.load_builtin())
    game.apply(NewShoe(live=True))
    for name in players:
        game.apply(BuyIn(player=name, amount=100_000))
    return game


def bet(game: CasinoWar, player: str, spot: str, amount: int) -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))


def tied_two(prof: CasinoWarProfile | None = None) -> CasinoWar:
    """Ana (box 1) and Bo (box 2) both tie with the croupier's 6s at a live table."""
    game = live(prof)
    bet(game, "ana", "initial", 2_000)
    bet(game, "bo", "initial", 3_000)
    bet(game, "bo", "tie", 500)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("6h", "6d", "6s")))
    return game


# -- profiles ------------------------------------------------------------------------------------


def test_builtin_profile_loads_and_cites_every_value() -> None:
    prof = cw.load_builtin()
    assert prof.game == "casino-war" and prof.shoe.decks == 6
    data = prof.model_dump(exclude={"game", "profile", "title", "extends", "currency", "sources"})
    leaves = {f"{table}.{key}" for table, values in data.items() for key in values}
    assert leaves == set(prof.sources) and len(leaves) == 23
    for key in (
        "rules.deal_from",
        "rules.settle_from",
        "rules.war_total_over_maximum",
        "maxima.tie_max",
        "errors.void_bets",
        "shoe.cards_below_stop",
        "announcements.no_more_bets",
    ):
        assert "DEFAULT" in prof.source_of(key), key
    assert "INTERPRETATION" in prof.source_of("errors.war_void")
    assert "INTERPRETATION" in prof.source_of("payouts.challenge")
    assert "000 14 V" in prof.source_of("payouts.tie")


def test_profile_round_trips_through_toml() -> None:
    prof = cw.load_builtin()
    again = validate_profile(CasinoWarProfile, tomllib.loads(dump_profile(prof)))
    assert again == prof


@pytest.mark.parametrize(
    ("over", "key"),
    [
        ({"shoe": {"decks": 9}}, "shoe.decks"),
        ({"shoe": {"cards_below_stop": 22}}, "shoe.cards_below_stop"),
        ({"shoe": {"cards_below_stop": 312}}, "shoe.cards_below_stop"),
        ({"maxima": {"max_multiple": 15}}, "maxima.max_multiple"),
        ({"maxima": {"tie_max": "0:1"}}, "maxima.tie_max"),
        ({"maxima": {"tie_max": "1:1000"}}, "maxima.tie_max"),
        ({"rules": {"boxes": 10}}, "rules.boxes"),
        ({"rules": {"war_burn": 11}}, "rules.war_burn"),
        ({"rules": {"deal_from": "up"}}, "rules.deal_from"),
        ({"errors": {"void_bets": "keep"}}, "errors.void_bets"),
        ({"payouts": {"surrender_loss": "3:2"}}, "payouts.surrender_loss"),
        ({"payouts": {"tie": "lots"}}, "payouts.tie"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_profiles_name_the_key(over: dict[str, Any], key: str) -> None:
    with pytest.raises(ProfileError, match=key.replace(".", r"\.")):
        profile(**over)


def test_unknown_builtin_profile() -> None:
    with pytest.raises(ProfileError, match="no profile"):
        cw.load_builtin("spain-1979")


# -- refusals ------------------------------------------------------------------------------------------


def betting() -> CasinoWar:
    game = electronic()
    bet(game, "ana", "initial", 2_000)
    bet(game, "ana", "tie", 500)
    return game


@pytest.mark.parametrize(
    ("action", "error", "code"),
    [
        (PlaceBet(player="bo", spot="dragon", amount=2_000), UnknownSpot, "unknown-spot"),
        (PlaceBet(player="bo", spot="challenge", amount=2_000), IllegalAction, None),
        (PlaceBet(player="bo", spot="tie", amount=500), IllegalAction, None),
        (PlaceBet(player="ana", spot="war", amount=2_000), IllegalAction, None),
        (PlaceBet(player="bo", spot="initial", amount="20"), MalformedAmount, None),  # type: ignore[arg-type]
        (PlaceBet(player="bo", spot="initial", amount=0), MalformedAmount, None),
        (PlaceBet(player="bo", spot="initial", amount=True), MalformedAmount, None),
        (PlaceBet(player="bo", spot="initial", amount=2_000, by=Role.HEAD), NotPermitted, None),
        (PlaceBet(player="zed", spot="initial", amount=2_000), UnknownPlayer, None),
        (TakeDown(player="ana", bet=1, by=Role.PLAYER), BetNotWithdrawable, None),
        (TakeDown(player="bo", bet=1, by=Role.PLAYER), IllegalAction, None),
        (NoMoreBets(by=Role.PLAYER), NotPermitted, None),
        (Deal(), WrongPhase, "wrong-phase"),
        (Deal(by=Role.PLAYER), NotPermitted, None),
        (GoToWar(player="ana", by=Role.PLAYER), WrongPhase, None),
        (Surrender(player="ana", by=Role.PLAYER), WrongPhase, None),
        (WarDeal(), WrongPhase, None),
        (GoToWar(player="ana", by=Role.HEAD), NotPermitted, None),
        (NewShoe(), IllegalAction, None),
        (Burn(count=0), MalformedAction, None),
        (Burn(cards=("Ah",)), MalformedAction, None),
        (TakeSeat(player="bo", seat=10), MalformedAction, None),
        (TakeSeat(player="bo", seat=0), MalformedAction, None),
        (TakeSeat(player="bo", seat=1), IllegalAction, None),
        (TakeSeat(player="ana", seat=5), IllegalAction, None),
        (TakeSeat(player="zed", seat=5), UnknownPlayer, None),
        (LeaveSeat(player="bo"), UnknownPlayer, None),
        (LeaveSeat(player="ana"), IllegalAction, None),
        (CashOut(player="ana"), IllegalAction, None),
        (Void(), WrongPhase, None),
        (Suspend(key_holder="dir", by=Role.DIRECTOR), IllegalAction, None),
        (Suspend(key_holder="dir"), NotPermitted, None),
        (Reopen(by=Role.DIRECTOR), WrongPhase, None),
    ],
)
def test_refused_in_betting(action: Action, error: type[RuleError], code: str | None) -> None:
    assert_refused(betting(), action, error, code=code)


def test_refused_without_a_shoe_or_a_bet() -> None:
    game = CasinoWar(cw.load_builtin(), SeededSource(1))
    game.apply(BuyIn(player="ana", amount=10_000))
    assert_refused(game, NewShoe(cut=0), MalformedAction)
    assert_refused(game, NewShoe(cut=312), MalformedAction)
    assert_refused(game, NewShoe(live=True, cut=3), MalformedAction)
    assert_refused(game, Burn(), IllegalAction)
    bet(game, "ana", "initial", 1_000)
    assert_refused(game, NoMoreBets(), IllegalAction)  # no shoe
    game.apply(NewShoe())
    game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))
    assert_refused(game, NoMoreBets(), IllegalAction)  # no initial bet


def test_refused_at_the_war_decision() -> None:
    game = tied_two()
    assert game.state.stage is Stage.WAR_DECISION
    assert "void" not in game.legal_actions()
    assert_refused(game, GoToWar(player="bo", by=Role.PLAYER), IllegalAction)  # box 1 first
    assert_refused(game, GoToWar(player="zed", by=Role.PLAYER), UnknownPlayer)
    assert_refused(game, Deal(cards=("2h", "3h", "4h")), WrongPhase)
    assert_refused(game, WarDeal(burn=("2h", "3h", "4h"), cards=("5h", "6c")), WrongPhase)
    assert_refused(game, Void(), WrongPhase)
    assert_refused(game, NoMoreBets(), WrongPhase)
    assert_refused(game, PlaceBet(player="ana", spot="tie", amount=500), BettingClosed)
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    assert_refused(game, GoToWar(player="ana", by=Role.PLAYER), IllegalAction)
    assert_refused(game, Surrender(player="ana", by=Role.PLAYER), IllegalAction)
    game.apply(Surrender(player="bo", by=Role.PLAYER))
    assert game.state.stage is Stage.WAR_DEAL
    assert_refused(game, GoToWar(player="bo", by=Role.PLAYER), WrongPhase)


def test_a_player_who_did_not_tie_cannot_decide() -> None:
    game = live()
    bet(game, "ana", "initial", 2_000)
    bet(game, "bo", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("6h", "Kd", "6s")))
    assert_refused(game, Surrender(player="bo", by=Role.PLAYER), IllegalAction)
    game.apply(Surrender(player="ana", by=Role.PLAYER))
    assert game.state.stage is Stage.BETTING and game.state.players["ana"] == 99_000


def test_live_entry_errors() -> None:
    # the cut card lies in front of the last 46 cards: 50 are left before the war deal, 45 after
    game = live(profile(shoe={"decks": 1, "cards_below_stop": 46}))
    bet(game, "ana", "initial", 2_000)
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("6h",)), MalformedAction)
    assert_refused(game, Deal(cards=("6h", "Zz")), MalformedAction)
    assert_refused(game, Deal(cards=("6h", "6h")), MalformedAction)  # one deck: one 6h
    assert_refused(game, Deal(cards=("6h", "SO")), MalformedAction)  # a Spanish card
    game.apply(Deal(cards=("6h", "6s")))
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    assert_refused(game, WarDeal(burn=("2h", "3h"), cards=("5h", "7c")), MalformedAction)
    assert_refused(game, WarDeal(burn=("2h", "3h", "4h"), cards=("5h",)), MalformedAction)
    assert_refused(game, WarDeal(burn=("2h", "3h", "6h"), cards=("5h", "7c")), MalformedAction)
    assert_refused(game, WarDeal(burn=("2h", "3h", "4h"), cards=("5h", "4h")), MalformedAction)
    game.apply(WarDeal(burn=("2h", "3h", "4h"), cards=("5h", "7c"), stop_card=True))
    assert game.state.players["ana"] == 96_000
    assert game.state.shoe is not None and game.state.shoe.at_stop_card


def test_live_cut_card_reported_where_it_cannot_lie_is_refused() -> None:
    # spec 14 DEFAULT: the cut card lies in front of the last cards_below_stop cards; after the
    # first deal of one deck 50 cards are left, so a cut card 26 from the end cannot be out
    game = live(profile(shoe={"decks": 1, "cards_below_stop": 26}))
    bet(game, "ana", "initial", 2_000)
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("6h", "9s"), stop_card=True), MalformedAction)
    game.apply(Deal(cards=("6h", "9s")))
    assert game.state.shoe is not None and not game.state.shoe.at_stop_card


def test_electronic_shoe_refuses_entered_cards() -> None:
    game = electronic()
    bet(game, "ana", "initial", 2_000)
    game.apply(NoMoreBets())
    assert_refused(game, Deal(cards=("5h", "Kd")), MalformedAction)
    assert_refused(game, Deal(stop_card=True), MalformedAction)
    game.state.shoe = Shoe.stacked(cards("9h 9d 2c 3c 4c 5h 6h"))
    game.apply(Deal())
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    assert_refused(game, WarDeal(burn=("2c", "3c", "4c")), MalformedAction)
    assert_refused(game, WarDeal(cards=("5h", "6h")), MalformedAction)
    game.apply(WarDeal())
    assert game.state.boxes[0].war_card == Card.parse("5h")
    assert game.state.players["ana"] == 100_000 - 2 * 2_000  # 5 under 6: both bets lost


def test_insufficient_chips_for_the_challenge() -> None:
    game = live(players=("ana",))
    game.apply(CashOut(player="ana"))
    game.apply(BuyIn(player="ana", amount=3_000))
    bet(game, "ana", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Jh", "Jc")))
    assert_refused(game, GoToWar(player="ana", by=Role.PLAYER), InsufficientFunds)
    game.apply(BuyIn(player="ana", amount=1_000))
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    assert game.state.players["ana"] == 0


# -- boxes ---------------------------------------------------------------------------------------------


def test_a_bettor_takes_the_first_free_box_and_nine_at_most() -> None:
    game = electronic()
    game.apply(TakeSeat(player="bo", seat=1))
    bet(game, "ana", "initial", 1_000)
    assert game.state.seats == {1: "bo", 2: "ana"}
    for i in range(7):
        game.apply(BuyIn(player=f"x{i}", amount=10_000))
        bet(game, f"x{i}", "initial", 1_000)
    assert len(game.state.seats) == 9
    assert_refused(game, PlaceBet(player="cy", spot="initial", amount=1_000), IllegalAction)
    game.apply(LeaveSeat(player="bo", by=Role.PLAYER))
    bet(game, "cy", "initial", 1_000)
    assert game.state.seats[1] == "cy"


def test_cash_out_frees_the_box() -> None:
    game = electronic()
    game.apply(TakeSeat(player="ana", seat=4))
    game.apply(CashOut(player="ana"))
    assert game.state.seats == {} and "ana" not in game.state.players


def test_dealing_from_the_right_and_settling_from_the_left() -> None:
    game = live(profile(rules={"deal_from": "right", "settle_from": "left"}))
    game.apply(TakeSeat(player="ana", seat=2))
    game.apply(TakeSeat(player="bo", seat=7))
    bet(game, "ana", "initial", 1_000)
    bet(game, "bo", "initial", 1_000)
    game.apply(NoMoreBets())
    record = game.apply(Deal(cards=("Ah", "2h", "9s")))  # box 7 first
    assert [(b.seat, str(b.card)) for b in game.state.boxes] == [(7, "Ah"), (2, "2h")]
    assert [e.player for e in record.events if isinstance(e, Settled)] == ["ana", "bo"]
    assert game.state.players == {"ana": 99_000, "bo": 101_000}


# -- errors and void rounds ----------------------------------------------------------------------------


def test_void_first_deal_with_bets_staying() -> None:
    game = live(profile(errors={"void_bets": "stay"}))
    bet(game, "ana", "initial", 2_000)
    game.apply(NoMoreBets())
    game.apply(Void(reason="misdeal"))
    assert game.state.phase is Phase.BETTING and len(game.state.bets) == 1
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Kh", "2c")))
    assert game.state.players["ana"] == 102_000


def test_void_war_returns_the_war_bets_only() -> None:
    game = tied_two()
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    game.apply(Surrender(player="bo", by=Role.PLAYER))
    game.apply(Burn(cards=("2c", "3c"), reason="war cards exposed out of turn"))
    record = game.apply(Void(reason="war misdeal"))
    returned = [(e.player, e.spot, e.decision) for e in record.events if isinstance(e, Settled)]
    assert returned == [("ana", "initial", "push"), ("ana", "challenge", "push")]
    assert game.state.players["ana"] == 100_000
    assert game.state.players["bo"] == 100_000 - 1_500 + 5_000  # surrendered, tie bet paid
    assert game.state.stage is Stage.BETTING and game.state.rounds == 1
    assert game.state.balance() == 0


def test_void_war_redealt() -> None:
    game = tied_two(profile(errors={"war_void": "redeal"}))
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    game.apply(GoToWar(player="bo", by=Role.PLAYER))
    game.apply(Burn(cards=("2c", "3c", "4c", "5c", "Kc"), reason="war misdeal"))
    game.apply(Void(reason="war misdeal"))
    assert game.state.stage is Stage.WAR_DEAL and len(game.state.bets) == 4
    game.apply(WarDeal(burn=("2d", "3d", "4d"), cards=("Ad", "Kd", "Kh")))
    assert game.state.players == {"ana": 102_000, "bo": 100_000 + 5_000 + 6_000}


def test_surrender_of_an_odd_amount_rounds_the_half_down() -> None:
    game = live()
    bet(game, "ana", "initial", 501)
    game.apply(NoMoreBets())
    game.apply(Deal(cards=("Qh", "Qs")))
    record = game.apply(Surrender(player="ana", by=Role.PLAYER))
    (res,) = [e for e in record.events if isinstance(e, Settled)]
    assert (res.returned, res.house) == (250, 251)
    assert game.state.balance() == 0


# -- table operations ----------------------------------------------------------------------------------


def test_last_rounds_close_the_table() -> None:
    game = electronic(seed=3)
    game.apply(LastRounds(count=2))
    for _ in range(2):
        bet(game, "ana", "initial", 1_000)
        game.apply_all(game.auto_round())
        if game.state.stage is Stage.WAR_DECISION:
            game.apply(Surrender(player="ana", by=Role.PLAYER))
    assert game.state.phase is Phase.CLOSED and game.legal_actions() == []
    assert_refused(game, BuyIn(player="ana", amount=1), WrongPhase)


def test_last_round_then_suspend_and_reopen() -> None:
    game = electronic(seed=4)
    bet(game, "ana", "initial", 1_000)
    game.apply(LastRounds(count=1, then=Then.SUSPEND))
    game.apply_all(game.auto_round())
    if game.state.stage is Stage.WAR_DECISION:
        game.apply(GoToWar(player="ana", by=Role.PLAYER))
        game.apply_all(game.auto_round())
    assert game.state.phase is Phase.SUSPENDED
    assert_refused(game, PlaceBet(player="ana", spot="initial", amount=1_000), WrongPhase)
    game.apply(Reopen(by=Role.DIRECTOR))
    game.apply(Suspend(key_holder="director", by=Role.DIRECTOR))
    assert game.state.key_holder == "director"


# -- views, sessions and replay -----------------------------------------------------------------------


def test_view_shows_the_cards_and_who_decides() -> None:
    game = tied_two()
    view = game.view()
    json.dumps(view)
    assert view["stage"] == "war-decision" and view["to_decide"] == {"seat": 1, "player": "ana"}
    assert view["croupier_card"] == "6s" and [b["card"] for b in view["boxes"]] == ["6h", "6d"]
    assert view["boxes"][1]["result"] == "tie" and view["seats"] == {"1": "ana", "2": "bo"}
    assert "order" not in json.dumps(view["shoe"])
    assert game.view("ana")["players"] == {"ana": game.state.players["ana"]}


def play_session(seed: int, rounds: int, prof: CasinoWarProfile | None = None) -> CasinoWar:
    rnd = random.Random(seed)
    game = electronic(seed, prof)
    for _ in range(rounds):
        for name in ("ana", "bo", "cy"):
            bet(game, name, "initial", rnd.choice([500, 1_000, 2_501]))
            if rnd.random() < 0.5:
                bet(game, name, "tie", 500)
        game.apply_all(game.auto_round())
        while game.state.stage is Stage.WAR_DECISION:
            box = game.pending()
            assert box is not None
            choice = GoToWar if rnd.random() < 0.7 else Surrender
            game.apply(choice(player=box.player, by=Role.PLAYER))
            if game.state.stage is Stage.WAR_DEAL:
                game.apply(WarDeal())
        assert game.state.stage is Stage.BETTING and game.state.balance() == 0
    return game


def test_a_long_session_runs_through_shoes_and_balances() -> None:
    game = play_session(seed=8, rounds=150, prof=profile(**ONE_DECK))
    assert game.state.rounds == 150 and game.state.shoes >= 10
    assert any(b.decision is Decision.WAR for b in game.state.boxes) or any(
        r.croupier_war is not None for r in game.state.results
    )
    view = game.view()
    json.dumps(view)
    assert len(view["last_results"]) == 12


def test_replay_from_log_and_from_json() -> None:
    game = play_session(seed=4, rounds=60)
    again = CasinoWar.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = CasinoWar.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state and from_json.log_json() == game.log_json()


def test_replay_of_a_live_table() -> None:
    game = tied_two()
    game.apply(GoToWar(player="ana", by=Role.PLAYER))
    game.apply(GoToWar(player="bo", by=Role.PLAYER))
    game.apply(WarDeal(burn=("2d", "3d", "4d"), cards=("Ad", "Kd", "Kh")))
    game.apply(CashOut(player="ana"))
    again = CasinoWar.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and again.state.cashed_out == 102_000


# -- the PAR model and the engine settle alike ---------------------------------------------------------


def card(rank_index: int) -> Card:
    return Card(cw.RANK_ORDER[rank_index], FRENCH_SUITS[rank_index % 4])


def settle_stacked(
    prof: CasinoWarProfile,
    first: tuple[int, int],
    war: tuple[int, int],
    choice: type[GoToWar] | type[Surrender],
) -> dict[str, int]:
    """One box (initial 10.00, tie 5.00) heads-up, from a shoe stacked as the engine deals:
    box, croupier, three burnt cards, box's war card, croupier's; the net of each bet."""
    order = [card(first[0]), card(first[1]), card(0), card(5), card(9), card(war[0]), card(war[1])]
    game = CasinoWar(prof)
    game.state.shoe = Shoe.stacked(order)
    game.apply(BuyIn(player="ana", amount=100_000))
    bet(game, "ana", "initial", 1_000)
    bet(game, "ana", "tie", 500)
    records = game.apply_all([NoMoreBets(), Deal()])
    if game.state.stage is Stage.WAR_DECISION:
        records.append(game.apply(choice(player="ana", by=Role.PLAYER)))
    if game.state.stage is Stage.WAR_DEAL:
        records.append(game.apply(WarDeal()))
    assert game.state.stage is Stage.BETTING and game.state.balance() == 0
    nets: dict[str, int] = {}
    for record in records:
        for e in record.events:
            if isinstance(e, Settled):
                nets[e.spot] = nets.get(e.spot, 0) + e.net
    return nets


def test_engine_settles_every_outcome_as_the_par_model_counts_it() -> None:
    prof = cw.load_builtin()
    cases = [((a, b), (0, 0)) for a in range(13) for b in range(13) if a != b]
    cases += [((r, r), (w, v)) for r in (0, 6, 12) for w in range(13) for v in range(13)]
    cases += [((r, r), (w, v)) for r in range(13) for w, v in ((r, 12), (3, 3), (12, r))]
    for first, war in cases:
        outcome = RoundOutcome(
            cw.compare(card(first[0]), card(first[1])),
            cw.compare(card(war[0]), card(war[1])) if first[0] == first[1] else None,
        )
        for choice, bet_id in ((GoToWar, "war"), (Surrender, "war-surrender")):
            nets = settle_stacked(prof, first, war, choice)
            main = nets["initial"] + nets.get("challenge", 0)
            assert main == cw.box_net(prof, bet_id, outcome) * 1_000, (first, war, bet_id)
            assert nets["tie"] == cw.box_net(prof, "tie", outcome) * 500
            if first[0] != first[1]:
                break


# -- the invariant under random play -------------------------------------------------------------------

PLAYERS = ["ana", "bo", "cy", "zed"]
SPOTS = ["initial", "tie", "war", "challenge", "dragon"]
AMOUNTS = [0, -5, 499, 500, 501, 1_000, 10_000, 10_001]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.HEAD, Role.SYSTEM]

actions = st.one_of(
    st.builds(BuyIn, player=st.sampled_from(PLAYERS), amount=st.sampled_from([5_000, 0])),
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
    st.builds(Deal, by=st.sampled_from(ROLES)),
    st.builds(GoToWar, player=st.sampled_from(PLAYERS), by=st.sampled_from(ROLES)),
    st.builds(Surrender, player=st.sampled_from(PLAYERS), by=st.sampled_from(ROLES)),
    st.builds(WarDeal, by=st.sampled_from(ROLES)),
    st.builds(NewShoe, cut=st.sampled_from([None, 0, 5, 400])),
    st.builds(Burn, count=st.integers(0, 3)),
    st.builds(TakeSeat, player=st.sampled_from(PLAYERS), seat=st.sampled_from([1, 2, 9, 10])),
    st.builds(LeaveSeat, player=st.sampled_from(PLAYERS), by=st.sampled_from(ROLES)),
    st.builds(Void),
)

likely = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS[:3]),
        spot=st.sampled_from(SPOTS[:2]),
        amount=st.sampled_from([500, 1_001, 2_000]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(NoMoreBets),
    st.builds(Deal),
    st.builds(WarDeal),
    st.builds(GoToWar, player=st.sampled_from(PLAYERS[:3]), by=st.just(Role.PLAYER)),
    st.builds(Surrender, player=st.sampled_from(PLAYERS[:3]), by=st.just(Role.PLAYER)),
    st.builds(NewShoe),
)


@pytest.mark.slow
@settings(
    max_examples=long_run(60, 15), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(likely, likely, actions), min_size=20, max_size=80),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    prof = profile(**ONE_DECK)
    game = CasinoWar(prof, SeededSource(seed))
    game.apply(NewShoe())
    for name in PLAYERS[:3]:
        game.apply(BuyIn(player=name, amount=20_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    again = CasinoWar.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(long_run(6, 1)))
def test_long_random_walks_keep_the_balance(seed: int) -> None:
    """Hundreds of actions, mostly legal, drawn by a seeded walk (several one-deck shoes)."""
    rnd = random.Random(seed)
    prof = profile(**ONE_DECK)
    game = CasinoWar(prof, SeededSource(seed))
    for name in PLAYERS[:3]:
        game.apply(BuyIn(player=name, amount=200_000))
    for _ in range(1_000):
        action = _walk_action(rnd, game)
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log
        assert game.state.balance() == 0
    assert game.state.rounds >= 30 and game.state.shoes >= 3
    assert CasinoWar.replay(prof, json.loads(game.log_json())).state == game.state


def _walk_action(rnd: random.Random, game: CasinoWar) -> Action:
    stage = game.state.stage
    name = rnd.choice(PLAYERS)
    if stage is Stage.WAR_DECISION and rnd.random() < 0.8:
        box = game.pending()
        who = box.player if box is not None and rnd.random() < 0.9 else name
        return (GoToWar if rnd.random() < 0.6 else Surrender)(player=who, by=Role.PLAYER)
    if stage is Stage.WAR_DEAL and rnd.random() < 0.8:
        return WarDeal() if rnd.random() < 0.95 else Void(reason="war misdeal")
    if stage is Stage.DEAL and rnd.random() < 0.6:
        return Deal() if rnd.random() < 0.95 else Void(reason="misdeal")
    roll = rnd.random()
    if roll < 0.4:
        return PlaceBet(
            player=name,
            spot=rnd.choice([*SPOTS, "initial", "initial", "tie"]),
            amount=rnd.choice([*AMOUNTS, 500, 1_000, 2_001]),
            by=rnd.choice([Role.PLAYER, Role.PLAYER, Role.CROUPIER, Role.HEAD]),
        )
    if roll < 0.55:
        return NoMoreBets()
    if roll < 0.7:
        return Deal()
    if roll < 0.75:
        return NewShoe()
    if roll < 0.8:
        return TakeDown(player=name, bet=rnd.randrange(1, game.state.next_bet + 1))
    if roll < 0.84:
        return TakeSeat(player=name, seat=rnd.choice([1, 2, 3, 10]))
    if roll < 0.87:
        return LeaveSeat(player=name)
    if roll < 0.9:
        return Burn(count=rnd.choice([0, 1, 2]))
    if roll < 0.93:
        return Void()
    if roll < 0.99:
        return BuyIn(player=name, amount=rnd.choice([0, 50_000, 50_000]))
    return CashOut(player=name)


# -- the terminal table --------------------------------------------------------------------------------


def terminal(seed: int) -> tuple[CasinoWarTable, StringIO]:
    out = StringIO()
    table = CasinoWarTable(
        "casino-war", cw.load_builtin(), seed=seed, console=Console(file=out, width=200)
    )
    return table, out


def tie_seed() -> int:
    """The first seed whose first round (one box, initial 10.00) is a tie, found with the engine."""
    for seed in range(1_000):
        game = CasinoWar(cw.load_builtin(), SeededSource(seed))
        game.apply(BuyIn(player="player", amount=10_000))
        bet(game, "player", "initial", 1_000)
        game.apply_all(game.auto_round())
        if game.state.stage is Stage.WAR_DECISION:
            return seed
    raise AssertionError("no tie in 1000 seeds")


def test_terminal_table_is_the_module_table_and_wants_its_profile() -> None:
    assert TABLE is CasinoWarTable
    with pytest.raises(ProfileError):
        CasinoWarTable("sic-bo", Profile(game="sic-bo", profile="x"), seed=1)


@pytest.mark.parametrize("decision", ["war", "surrender"])
def test_terminal_tie_then_decision(decision: str) -> None:
    seed = tie_seed()
    table, out = terminal(seed)
    for line in ("buy 100", "initial 10", "go", "go", "balance"):
        assert table.command(line)
    text = out.getvalue()
    assert "ties: go to war or surrender?" in text
    assert text.count("Tie! war: put 10.00 more") == 2  # asked again on "go", not on "balance"
    assert table.war.state.stage is Stage.WAR_DECISION
    assert table.command(decision)
    text = out.getvalue()
    assert table.war.state.stage is Stage.BETTING and table.war.state.rounds == 1
    if decision == "war":
        assert "bet #2 challenge 10.00 accepted" in text and "3 cards burnt" in text
        assert "Result: war: croupier" in text
    else:
        assert "surrenders" in text and "refund, 5.00 returned" in text
        assert table.balance() == 10_000 - 500
    assert text.rstrip().splitlines()[-1] == f"Balance: {table.balance() // 100}.00"


def test_terminal_refusals_and_help() -> None:
    table, out = terminal(1)
    for line in ("buy 100", "tie 5", "dragon 5", "war", "initial 10", "initial 10", "help", "bets"):
        assert table.command(line)
    text = out.getvalue()
    assert "[illegal-action] tie: the tie bet goes with an initial bet" in text
    assert "[unknown-spot]" in text
    assert "[wrong-phase] there is no tie to decide" in text
    assert "after a tie: war" in text and "#1 initial 10.00" in text
    assert table.command("quit") is False
