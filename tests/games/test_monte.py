"""Monte engine: profiles, cards and spots, the layout machine, bad inputs, switches,
electronic play, replay and the money invariant under random play."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from crupier.analysis.exact import analyse
from crupier.core.cards import Card, Rank, Suit, spanish_deck
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
    Suspend,
    TakeDown,
    Void,
)
from crupier.core.profile import dump_profile, merge, validate_profile
from crupier.core.resolution import Lose, Push, Stay, Win
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.core.round import Action, Record
from crupier.core.shoe import Shoe
from crupier.games import monte as mt
from crupier.games.monte import (
    Draw,
    Layout,
    LayoutProgress,
    LayoutRules,
    Monte,
    MonteProfile,
    Stage,
    card_name,
    feed_layout,
    parse_card,
    spot_of,
)
from crupier.testing import assert_refused

L0 = ("3O", "6C", "RE", "1B")


def profile(**over: Any) -> MonteProfile:
    return validate_profile(MonteProfile, merge(mt.raw_profile("andorra"), over))


def live(layout: tuple[str, ...] = L0, prof: MonteProfile | None = None) -> Monte:
    game = Monte(prof or mt.load_builtin())
    game.apply(Layout(live=True, cards=layout))
    game.apply(BuyIn(player="ana", amount=1_000_000))
    return game


def electronic(seed: int = 3, prof: MonteProfile | None = None) -> Monte:
    game = Monte(prof or mt.load_builtin(), SeededSource(seed))
    for name in ("ana", "bo"):
        game.apply(BuyIn(player=name, amount=1_000_000))
    return game


def place(game: Monte, spot: str, amount: int = 1_000, player: str = "ana") -> None:
    game.apply(PlaceBet(player=player, spot=spot, amount=amount, by=Role.PLAYER))


def settled(record: Record) -> dict[str, dict[str, Any]]:
    return {e.to_dict()["spot"]: e.to_dict() for e in record.events if e.kind == "settled"}


# -- profiles ----------------------------------------------------------------------------------


def test_builtin_profile_cites_every_value() -> None:
    prof = mt.load_builtin()
    assert prof.maxima.simple == 300 and prof.payouts.cav_segones == 5
    keys = [
        "pack.alternate",
        "pack.game_cards_from",
        "layout.lower_pair",
        "layout.burn_burnt_values",
        "ten_percent.basis",
        "ten_percent.scope",
        "ten_percent.corresponds",
        "ten_percent.rounding",
        "rules.vista_hermosa_in_segones",
        "rules.segones_cav_deduction",
        "rules.refuse_dead_card_bets",
        "rules.undecided_simple_bets",
        "rules.error_void",
        "rules.max_players",
        "annulment.fallback_order",
        "annulment.table.columns",
    ]
    for key in keys:
        assert "DEFAULT" in prof.source_of(key), key
    assert "INTERPRETATION" in prof.source_of("annulment.table.salto-14")
    assert prof.source_of("payouts.vista_hermosa").startswith("000 13 VI.1.a.1")
    with pytest.raises(ProfileError, match="no profile"):
        mt.load_builtin("spain-1979")


def test_profile_round_trips_through_toml() -> None:
    prof = mt.load_builtin()
    again = validate_profile(MonteProfile, tomllib.loads(dump_profile(prof)))
    assert again == prof
    # the annulment table and every other rule exist only in the profile: no Python copy
    with pytest.raises(ValidationError, match="annulment"):
        MonteProfile(game="monte", profile="x")  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("over", "key"),
    [
        ({"pack": {"suit_order": ["O", "C", "E"]}}, "pack.suit_order"),
        ({"pack": {"colours": ["red", "red"]}}, "pack.colours"),
        ({"pack": {"game_cards_from": "middle"}}, "pack.game_cards_from"),
        ({"layout": {"lower_pair": "keep"}}, "layout.lower_pair"),
        ({"payouts": {"pot": "0:1"}}, "payouts.pot"),
        ({"payouts": {"cav_less_per_doubled": -1}}, "payouts.cav_less_per_doubled"),
        ({"maxima": {"simple": 0}}, "maxima.simple"),
        ({"ten_percent": {"rate": "1:1"}}, "ten_percent.rate"),
        ({"ten_percent": {"unit": 0}}, "ten_percent.unit"),
        ({"ten_percent": {"basis": "everything"}}, "ten_percent.basis"),
        ({"rules": {"undecided_simple_bets": "lose"}}, "rules.undecided_simple_bets"),
        ({"rules": {"error_void": "keep"}}, "rules.error_void"),
        ({"rules": {"max_players": -1}}, "rules.max_players"),
        ({"annulment": {"table": {"rows": {"NN": ""}}}}, "annulment.table.rows"),
        ({"annulment": {"table": {"rows": {"DN": "x3"}}}}, "annulment.table.rows"),
        ({"annulment": {"fallback_order": ["camo", "camo", "anti"]}}, "annulment.fallback_order"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_profiles_name_the_key(over: dict[str, Any], key: str) -> None:
    with pytest.raises(ProfileError, match=key.replace(".", r"\.")):
        profile(**over)


def test_incomplete_annulment_table_is_refused() -> None:
    raw = mt.raw_profile("andorra")
    del raw["annulment"]["table"]["rows"]
    with pytest.raises(ProfileError, match=r"annulment\.table"):
        validate_profile(MonteProfile, raw)


# -- cards, designations and spots -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1B", "AB"),
        ("AB", "AB"),
        ("as b", None),
        ("CaO", "CO"),
        ("CO", "CO"),
        ("sc", "SC"),
        ("RE", "RE"),
        ("rei e", None),
        (" 7o ", "7O"),
        ("sotaB", "SB"),
        ("cavallE", "CE"),
    ],
)
def test_parse_card(text: str, code: str | None) -> None:
    if code is None:
        with pytest.raises(MalformedAction):
            parse_card(text)
    else:
        assert str(parse_card(text)) == code
        assert parse_card(card_name(parse_card(text))) == parse_card(text)


@pytest.mark.parametrize("text", ["8O", "Qh", "1X", "", "O", "11B", 5])
def test_parse_card_refuses(text: object) -> None:
    with pytest.raises(MalformedAction):
        parse_card(text)


def test_every_card_of_the_pack_reads_back_from_its_name() -> None:
    names = {card_name(c) for c in spanish_deck()}
    assert len(names) == 40
    assert {parse_card(n) for n in names} == set(spanish_deck())
    assert parse_card(Card(Rank.REY, Suit.OROS)) == Card(Rank.REY, Suit.OROS)


def test_designations_follow_the_circular_order() -> None:
    order = ("O", "C", "E", "B")
    for card in spanish_deck():
        i = order.index(card.suit.value)
        camo = mt.designated(card, mt.Designation.CAMO)
        anti = mt.designated(card, mt.Designation.ANTI)
        viudo = mt.designated(card, mt.Designation.VIUDO)
        assert camo.suit.value == order[(i + 1) % 4] and anti.suit.value == order[(i - 1) % 4]
        assert viudo.suit.value == order[(i + 2) % 4]
        assert camo.rank == anti.rank == viudo.rank == card.rank
        assert {camo, anti, viudo, card} == {Card(card.rank, s) for s in Suit if s.value in order}
        assert mt.vista_hermosa_card(card) == camo


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("vis 1", "vis-1", "vis"),
        ("VH4", "vis-4", "vis"),
        ("vista hermosa 2", "vis-2", "vis"),
        ("C 3", "camo-3", "camo"),
        ("anti p2", "anti-2", "anti"),
        ("V 4", "viudo-4", "viudo"),
        ("5 1", "pot-1", "pot"),
        ("S 2", "pot-2", "pot"),
        ("pot-3", "pot-3", "pot"),
        ("P1 vs P2", "1v2", "simple"),
        ("4 contra 1", "4v1", "simple"),
        ("3-4", "3v4", "simple"),
        ("2+1 v 4+3", "12v34", "simple"),
        ("p1+p3 vs p2+p4", "13v24", "simple"),
        ("bottom", "34v12", "simple"),
        ("right column", "24v13", "simple"),
        ("23v41", "23v14", "simple"),
    ],
)
def test_spot_names(text: str, name: str, kind: str) -> None:
    spot = spot_of(text)
    assert (spot.name, str(spot.kind)) == (name, kind)
    assert spot_of(spot.name) == spot


@pytest.mark.parametrize(
    "text", ["1v1", "12v13", "12v3", "camo 5", "1v2v3", "dragon", "pot", "0v1"]
)
def test_unknown_spots(text: str) -> None:
    with pytest.raises(UnknownSpot):
        spot_of(text)


def test_all_spots_and_their_bet_types() -> None:
    spots = [spot_of(s) for s in mt.ALL_SPOTS]
    assert len(spots) == len(set(spots)) == 38
    types = {s.bet_type for s in spots if s.kind is mt.BetKind.SIMPLE}
    assert types == set(mt.SIMPLE_TYPES)


# -- the layout machine ------------------------------------------------------------------------------


def feed_all(codes: str, rules: LayoutRules | None = None) -> LayoutProgress:
    progress = LayoutProgress()
    for code in codes.split():
        progress, _ = feed_layout(rules or mt.load_builtin().layout, progress, parse_card(code))
    return progress


def test_layout_machine_boxes_and_ends() -> None:
    progress = feed_all("3O 6C")
    assert progress.next_box == 2 and not progress.done
    assert mt.layout_end(mt.load_builtin().pack, 1) is mt.End.BOTTOM
    assert mt.layout_end(mt.load_builtin().pack, 2) is mt.End.TOP
    progress = feed_all("3O 6C RE 1B")
    assert progress.done and progress.next_box is None
    with pytest.raises(ValueError, match="complete"):
        feed_layout(mt.load_builtin().layout, progress, parse_card("2O"))


def test_a_doubling_card_is_drawn_again_for_the_same_box() -> None:
    progress = feed_all("3O 6C 6E 3B 6B RE")  # P2 doubled, P1 doubled, P2 tripled, then P3
    assert [len(s) for s in progress.stacks] == [2, 3, 1, 0] and progress.next_box == 3
    progress = feed_all("3O 6C 6E 3B 6B RE 3C")  # P1 tripled by the 4th card's draw
    assert [len(s) for s in progress.stacks] == [3, 3, 1, 0] and not progress.void
    progress = feed_all("3O 6C 6E 3B 6B RE 6O")  # the 4th six: the coup is void
    assert progress.void and progress.done


def test_the_lower_pair_switch_burns_only_the_card() -> None:
    rules = profile(layout={"lower_pair": "burn-card"}).layout
    progress = feed_all("3O 6C RE RC 1B", rules)
    assert [card_name(s[0]) for s in progress.stacks] == ["3O", "6C", "RE", "1B"]
    assert [card_name(c) for c in progress.burnt] == ["RC"]
    lay = mt.complete_layout(profile(layout={"lower_pair": "burn-card"}), progress)
    assert lay.left == (3, 3, 2, 3) and lay.k == 1
    # one card of P3's value fewer: the principle annuls the camo of P4 against P3
    assert {card_name(c) for c in lay.annulled["horizontal-bottom"]} == {"1O"}
    assert {card_name(c) for c in lay.annulled["rows"]} == {"3C"}


def test_without_the_burnt_value_rule_a_burnt_value_may_be_placed() -> None:
    rules = profile(layout={"burn_burnt_values": False}).layout
    progress = feed_all("7O 7E 7C 3O 6C RE", rules)  # 7C becomes P1
    assert [card_name(s[0]) for s in progress.stacks[:3]] == ["7C", "3O", "6C"]
    prof = profile(layout={"burn_burnt_values": False})
    progress = feed_all("7O 7E 7C 3O 6C RE", rules)
    lay = mt.complete_layout(prof, progress)
    assert lay.left == (1, 3, 3, 3)  # 7C: only 7B left
    # P1 vs P2: two of P2's cards are annulled (the fallback: its camo, then its viudo)
    assert {card_name(c) for c in lay.annulled["horizontal-top"]} == {"3C", "3E"}
    game = Monte(prof)
    game.apply(Layout(live=True, cards=("7O", "7E", "7C", "3O", "6C", "RE")))
    game.apply(BuyIn(player="ana", amount=100_000))
    for spot in ("vis 1", "camo 1", "anti 1"):  # 7E and 7O are burnt
        assert_refused(
            game, PlaceBet(player="ana", spot=spot, amount=1_000, by=Role.PLAYER), IllegalAction
        )
    place(game, "viudo 1")  # 7B is still in the pack


def test_void_when_the_pack_runs_out_during_the_layout() -> None:
    pairs = [
        (f"{v}O", f"{v}C", f"{v}E", f"{v}B")
        for v in ("1", "2", "3", "4", "5", "6", "7", "S", "Ca", "R")
    ]
    cards = tuple(c for group in pairs for c in group)
    game = Monte(mt.load_builtin())
    record = game.apply(Layout(live=True, cards=cards))
    assert game.state.stage is Stage.NONE and game.state.void_coups == 1
    assert any("ran out" in getattr(e, "text", "") for e in record.events)


# -- live table: bad inputs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "error", "match"),
    [
        (Layout(live=True, cards=("3O", "6C", "RE")), MalformedAction, "needs more cards"),
        (Layout(live=True, cards=("3O", "6C", "RE", "1B", "2O")), MalformedAction, "beyond"),
        (Layout(live=True, cards=("3O", "3O", "RE", "1B")), MalformedAction, "not in the shoe"),
        (Layout(live=True, cards=("3O", "6C", "RE", "9B")), MalformedAction, "Spanish pack"),
        (Layout(live=True), MalformedAction, "enter the cards"),
        (Layout(live=True, cards="3O 6C"), MalformedAction, "not a list"),  # type: ignore[arg-type]
        (Layout(cards=("3O",)), MalformedAction, "drawn from this pack"),
        (Layout(live=True, cut=5, cards=L0), MalformedAction, "electronic"),
        (Layout(cut=40), MalformedAction, "cut"),
        (Layout(cut=0), MalformedAction, "cut"),
        (Draw(), WrongPhase, "laid out"),
        (NoMoreBets(), WrongPhase, "nothing to close"),
        (Void(by=Role.INSPECTOR), WrongPhase, "no coup"),
        (PlaceBet(player="ana", spot="1v2", amount=1_000, by=Role.PLAYER), WrongPhase, "lay out"),
        (Layout(by=Role.PLAYER), NotPermitted, "player"),
    ],
)
def test_refused_before_the_layout(action: Action, error: type[RuleError], match: str) -> None:
    game = Monte(mt.load_builtin())
    game.apply(BuyIn(player="ana", amount=100_000))
    err = assert_refused(game, action, error)
    assert match in str(err)


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Layout(live=True, cards=L0), IllegalAction),
        (Draw(cards=("6B",)), WrongPhase),
        (PlaceBet(player="ana", spot="dragon", amount=1_000, by=Role.PLAYER), UnknownSpot),
        (PlaceBet(player="ana", spot="1v2", amount=0, by=Role.PLAYER), MalformedAmount),
        (PlaceBet(player="ana", spot="1v2", amount="10", by=Role.PLAYER), MalformedAmount),  # type: ignore[arg-type]
        (PlaceBet(player="ana", spot="1v2", amount=1_000, by=Role.HEAD), NotPermitted),
        (PlaceBet(player="zed", spot="1v2", amount=1_000, by=Role.PLAYER), UnknownPlayer),
        (NoMoreBets(by=Role.PLAYER), NotPermitted),
        (Void(), NotPermitted),
        (Suspend(key_holder="dir", by=Role.DIRECTOR), IllegalAction),
        (TakeDown(player="ana", bet=7, by=Role.PLAYER), IllegalAction),
    ],
)
def test_refused_in_primeres_betting(action: Action, error: type[RuleError]) -> None:
    assert_refused(live(), action, error)


def test_insufficient_funds() -> None:
    game = live()
    game.apply(BuyIn(player="bo", amount=1_000))
    assert_refused(
        game, PlaceBet(player="bo", spot="1v2", amount=1_500, by=Role.PLAYER), InsufficientFunds
    )


def test_refused_after_no_more_bets() -> None:
    game = live()
    place(game, "1v2")
    game.apply(NoMoreBets())
    assert_refused(
        game, PlaceBet(player="ana", spot="1v2", amount=1_000, by=Role.PLAYER), BettingClosed
    )
    assert_refused(game, TakeDown(player="ana", bet=1, by=Role.PLAYER), WrongPhase)
    assert_refused(game, Draw(cards=("6B", "5O")), MalformedAction)  # nothing after 6B
    assert_refused(game, Draw(cards=("3O",)), MalformedAction)  # on the layout already
    assert_refused(game, Draw(count=2), MalformedAction)
    assert_refused(game, Draw(), MalformedAction)
    assert_refused(game, Draw(cards=("6B",), by=Role.PLAYER), NotPermitted)
    assert_refused(game, CashOut(player="ana"), IllegalAction)
    assert game.legal_actions()[-2:] == ["void", "draw"]


def test_live_cards_may_be_entered_one_at_a_time() -> None:
    game = live()
    place(game, "1v2")
    game.apply(NoMoreBets())
    record = game.apply(Draw(cards=("5O",)))
    assert not settled(record) and game.state.drawn == [parse_card("5O")]
    record = game.apply(Draw(cards=("2C", "3E")))
    assert settled(record)["1v2"]["net"] == 1_000  # 3E is the 3rd card: no 10 %
    assert game.state.stage is Stage.SEGONES and game.state.drawn == []
    assert game.state.coup_drawn == [parse_card(c) for c in ("5O", "2C", "3E")]


def test_take_down_before_the_draw_but_not_a_carried_bet() -> None:
    game = live()
    place(game, "1v2")
    place(game, "3v4")
    game.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))
    assert game.state.players["ana"] == 1_000_000 - 1_000
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("6B",)))  # P2's value: 3v4 is carried
    assert game.state.bets[2].status == "carried"
    assert_refused(game, TakeDown(player="ana", bet=2, by=Role.PLAYER), BetNotWithdrawable)
    place(game, "4v3")
    game.apply(TakeDown(player="ana", bet=3, by=Role.PLAYER))
    free = live(prof=profile(rules={"carried_bets_withdrawable": True}))
    place(free, "3v4")
    free.apply(NoMoreBets())
    free.apply(Draw(cards=("6B",)))
    free.apply(TakeDown(player="ana", bet=1, by=Role.PLAYER))
    assert free.state.players["ana"] == 1_000_000 and free.state.balance() == 0


def test_max_players_switch() -> None:
    game = live(prof=profile(rules={"max_players": 1}))
    game.apply(BuyIn(player="bo", amount=100_000))
    place(game, "1v2")
    place(game, "2v1")
    assert_refused(
        game, PlaceBet(player="bo", spot="1v2", amount=1_000, by=Role.PLAYER), IllegalAction
    )


# -- errors and table operations -------------------------------------------------------------------------


def test_inspector_voids_the_coup_in_primeres() -> None:
    game = live()
    place(game, "1v2", 5_000)
    place(game, "camo 1", 1_000)
    game.apply(NoMoreBets())
    record = game.apply(Void(reason="card exposed", by=Role.INSPECTOR))
    returned = settled(record)
    assert {s: r["decision"] for s, r in returned.items()} == {
        "1v2": "returned (void coup)",
        "camo-1": "returned (void coup)",
    }
    assert game.state.players["ana"] == 1_000_000 and not game.state.bets
    assert game.state.stage is Stage.NONE and game.state.phase is Phase.BETTING
    assert game.state.incidents == ["coup void (card exposed)"] and game.state.voids == 1
    game.apply(Layout(live=True, cards=L0))
    assert game.state.pack_colour == "blue"


def test_inspector_voids_the_coup_in_segones_carried_bets_returned() -> None:
    game = live()
    place(game, "3v4", 5_000)
    place(game, "2v1", 5_000)
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("6B",)))  # 2v1 wins 45.00, 3v4 carried
    place(game, "camo 3", 1_000)
    record = game.apply(Void(by=Role.DIRECTOR))
    assert {s: r["returned"] for s, r in settled(record).items()} == {"3v4": 5_000, "camo-3": 1_000}
    assert game.state.players["ana"] == 1_000_000 + 4_500 and game.state.balance() == 0


def test_last_rounds_count_coups_and_close_after_segones() -> None:
    game = electronic()
    game.apply(LastRounds(count=1))
    for action in game.auto_round():  # lay out
        game.apply(action)
    place(game, "1v2")
    steps = game.auto_round()
    assert [a.kind for a in steps] == ["no-more-bets", "draw"]
    game.apply_all(steps)
    assert (game.state.stage, game.state.phase) == (Stage.SEGONES, Phase.BETTING)
    game.apply_all(game.auto_round())
    assert game.state.phase is Phase.CLOSED and game.state.rounds == 1
    assert game.legal_actions() == []


def test_suspend_between_coups_and_reopen() -> None:
    game = electronic()
    game.apply(Suspend(key_holder="director", by=Role.DIRECTOR))
    assert game.legal_actions() == ["reopen"]
    assert_refused(game, Layout(), WrongPhase)
    game.apply(Reopen(by=Role.DIRECTOR))
    game.apply(Layout())
    assert "suspend" not in game.legal_actions()


# -- switches ---------------------------------------------------------------------------------------


def coup_result(
    prof: MonteProfile,
    bets: list[tuple[str, int]],
    draws: str,
    segones: Sequence[tuple[str, int]] = (),
    segones_draws: str = "",
    layout: tuple[str, ...] = L0,
) -> list[int]:
    """The nets of one coup on a live table, in the order settled (losers first)."""
    game = live(layout, prof)
    for spot, amount in bets:
        place(game, spot, amount)
    game.apply(NoMoreBets())
    out = [
        e.to_dict()["net"]
        for e in game.apply(Draw(cards=tuple(draws.split()))).events
        if e.kind == "settled"
    ]
    if segones_draws:
        for spot, amount in segones:
            place(game, spot, amount)
        game.apply(NoMoreBets())
        record = game.apply(Draw(cards=tuple(segones_draws.split())))
        out += [e.to_dict()["net"] for e in record.events if e.kind == "settled"]
    assert game.state.balance() == 0
    return out


def test_ten_percent_scope_primeres_only() -> None:
    prof = profile(ten_percent={"scope": "primeres"})
    assert coup_result(prof, [("1v2", 10_000)], "5O RB", [], "3E") == [0, 10_000]
    assert coup_result(mt.load_builtin(), [("1v2", 10_000)], "5O RB", [], "3E") == [0, 9_000]


def test_ten_percent_corresponds_to_any_placed_card() -> None:
    # segones opens on RO (a card of the decided row's value), ends on 3E
    assert coup_result(mt.load_builtin(), [("1v2", 10_000)], "5O RB", [], "RO 3E") == [0, 10_000]
    prof = profile(ten_percent={"corresponds": "any-placed"})
    assert coup_result(prof, [("1v2", 10_000)], "5O RB", [], "RO 3E") == [0, 9_000]


def test_ten_percent_of_the_stake_and_its_rounding() -> None:
    prof = profile(ten_percent={"basis": "stake"})
    assert coup_result(prof, [("camo 2", 1_000)], "6E") == [11_000 - 100]
    assert coup_result(mt.load_builtin(), [("camo 2", 1_000)], "6E") == [11_000 - 1_100]
    # 5.55 at 1 to 1 on the first card: 10 % of 5.55 is 0.555, rounded up to 0.56
    assert coup_result(mt.load_builtin(), [("2v1", 555)], "6E") == [555 - 56]
    down = profile(ten_percent={"rounding": "down"})
    assert coup_result(down, [("2v1", 555)], "6E") == [555 - 55]
    half = profile(ten_percent={"rounding": "half-up", "unit": 10})
    assert coup_result(half, [("2v1", 555)], "6E") == [555 - 60]
    assert mt.deduction_of(555, half.ten_percent) == 60
    assert (
        mt.deduction_of(5, profile(ten_percent={"unit": 100}).ten_percent) == 5
    )  # never more than the amount


def test_vista_hermosa_not_exempt_switch() -> None:
    prof = profile(ten_percent={"vista_hermosa_exempt": False})
    assert coup_result(prof, [("vis 2", 1_000)], "6E") == [32_000 - 3_200]


def test_vista_hermosa_in_segones_switch() -> None:
    game = live()
    place(game, "1v2")
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("RB",)))
    assert_refused(
        game, PlaceBet(player="ana", spot="vis 1", amount=1_000, by=Role.PLAYER), IllegalAction
    )
    prof = profile(rules={"vista_hermosa_in_segones": True})
    assert coup_result(prof, [], "RB", [("vis 1", 1_000), ("vis 2", 1_000)], "3C") == [
        -1_000,
        32_000,
    ]
    assert coup_result(prof, [], "RB", [("vis 1", 1_000)], "5O 3C") == [-1_000]


def test_segones_cav_deduction_switch() -> None:
    l1 = ("2O", "5C", "5E", "3B", "4C")
    game = live(l1)
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("4B",)))
    lay = game.state.layout
    assert lay is not None and mt.cav_ratio(game.profile, lay, Stage.SEGONES, 0) == 4
    flat = profile(rules={"segones_cav_deduction": False})
    assert mt.cav_ratio(flat, lay, Stage.SEGONES, 0) == 5
    assert mt.cav_ratio(flat, lay, Stage.SEGONES, 2) == 5


def test_dead_card_bets_taken_when_the_switch_is_off() -> None:
    layout = ("2O", "5C", "5E", "3B", "4C")  # 5E (the camo of 5C) is on the layout
    game = live(layout)
    assert_refused(
        game, PlaceBet(player="ana", spot="camo 2", amount=1_000, by=Role.PLAYER), IllegalAction
    )
    prof = profile(rules={"refuse_dead_card_bets": False})
    bets = [("camo 2", 1_000), ("vis 2", 1_000)]
    assert coup_result(prof, bets, "5O", layout=layout) == [-1_000, -1_000]


def test_vista_hermosa_refused_when_it_pays_nothing() -> None:
    prof = profile(payouts={"vista_hermosa": "2:1"})
    game = live(("7O", "7E", "3O", "6C", "RE", "1B"), prof)  # k = 2
    assert_refused(
        game, PlaceBet(player="ana", spot="vis 1", amount=1_000, by=Role.PLAYER), IllegalAction
    )
    prof = profile(payouts={"cav_primeres": "1:1"})
    game = live(("2O", "5C", "5E", "3B", "4C"), prof)  # d = 1
    assert_refused(
        game, PlaceBet(player="ana", spot="camo 3", amount=1_000, by=Role.PLAYER), IllegalAction
    )


# -- electronic table --------------------------------------------------------------------------------


def predicted_pack(seed: int, cut: int | None = None) -> list[Card]:
    """The order the engine's first pack will have (the same draws from the same seed)."""
    shoe = Shoe.shuffled(1, SeededSource(seed), cards_below_stop=0, cut=cut, deck=spanish_deck)
    return list(shoe.order)


def test_electronic_layout_takes_p1_p2_from_the_bottom_and_p3_p4_from_the_top() -> None:
    checked = 0
    for seed in range(40):
        order = predicted_pack(seed)
        p1, p2, p3, p4 = order[-1], order[-2], order[0], order[1]
        if len({c.rank for c in (p1, p2, p3, p4)}) < 4:
            continue
        game = Monte(mt.load_builtin(), SeededSource(seed))
        game.apply(Layout())
        lay = game.state.layout
        assert lay is not None and [lay.base(p) for p in range(4)] == [p1, p2, p3, p4]
        game.apply(NoMoreBets())
        game.apply(Draw(count=1))
        assert game.state.coup_drawn == [order[2]]  # the game cards come from the top
        checked += 1
    assert checked > 20


def test_game_cards_from_the_bottom_switch() -> None:
    prof = profile(pack={"game_cards_from": "bottom"})
    for seed in range(10):
        order = predicted_pack(seed)
        if len({c.rank for c in order[:2] + order[-2:]}) < 4:
            continue
        game = Monte(prof, SeededSource(seed))
        game.apply(Layout())
        game.apply(NoMoreBets())
        game.apply(Draw(count=1))
        assert game.state.coup_drawn == [order[-3]]
        return
    pytest.fail("no clean layout in ten seeds")


def test_first_cards_from_the_top_switch() -> None:
    prof = profile(pack={"first_cards_from": "top"})
    for seed in range(10):
        order = predicted_pack(seed)
        if len({c.rank for c in order[:4]}) < 4:
            continue
        game = Monte(prof, SeededSource(seed))
        game.apply(Layout())
        lay = game.state.layout
        assert lay is not None and [lay.base(p) for p in range(4)] == order[:4]
        return
    pytest.fail("no clean layout in ten seeds")


def test_cut_is_used_and_packs_alternate() -> None:
    order = predicted_pack(7, cut=13)
    game = Monte(mt.load_builtin(), SeededSource(7))
    game.apply(Layout(cut=13))
    assert game.state.layout_cards[0] == order[-1] and game.state.pack_colour == "red"
    game.apply(Void(by=Role.INSPECTOR))
    game.apply(Layout())
    assert game.state.pack_colour == "blue"
    same = Monte(profile(pack={"alternate": False}), SeededSource(7))
    same.apply(Layout())
    same.apply(Void(by=Role.INSPECTOR))
    same.apply(Layout())
    assert same.state.pack_colour == "red"


def test_electronic_draw_refuses_entered_cards_and_bad_counts() -> None:
    game = electronic()
    game.apply(Layout())
    game.apply(NoMoreBets())
    assert_refused(game, Draw(cards=("5O",)), MalformedAction)
    assert_refused(game, Draw(count=0), MalformedAction)
    assert_refused(game, Draw(count=True), MalformedAction)


def test_view_shows_the_layout_and_hides_the_pack() -> None:
    game = live(("2O", "5C", "5E", "3B", "4C"))
    view = game.view()
    json.dumps(view)
    assert view["stage"] == "primeres" and view["pack"] == {
        "colour": "red",
        "live": True,
        "remaining": 35,
    }
    cards = view["layout"]["cards"]
    assert [c["card"] for c in cards] == ["2O", "5C", "3B", "4C"]
    assert (
        cards[1]["doubled_by"] == ["5E"]
        and cards[1]["status"] == "D"
        and cards[1]["left_in_pack"] == 2
    )
    assert view["layout"]["vista_hermosa_pays"] == "31:1"
    assert view["layout"]["camo_anti_viudo_pays"] == "10:1"
    assert view["layout"]["annulled"]["rows"] == ["4E"]
    assert view["legal_actions"] == [
        "buy-in",
        "cash-out",
        "last-rounds",
        "place-bet",
        "take-down",
        "no-more-bets",
        "void",
    ]
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("7O", "3O")))
    view = game.view()
    assert view["layout"]["live_row"] == "top" and view["layout"]["cards"][3]["face_down"]
    assert view["layout"]["camo_anti_viudo_pays"] == "4:1"
    assert view["players"] == {"ana": 1_000_000} and game.view("ana")["players"] == {
        "ana": 1_000_000
    }
    e = Monte(mt.load_builtin(), SeededSource(2))
    e.apply(Layout())
    assert "order" not in json.dumps(e.view()) and e.view()["pack"]["live"] is False


# -- whole sessions --------------------------------------------------------------------------------


def session(seed: int, coups: int) -> Monte:
    game = electronic(seed)
    rnd = random.Random(seed)
    done = 0
    while done < coups:
        if game.state.stage is Stage.NONE:
            game.apply(Layout())
            continue
        lay = game.state.layout
        assert lay is not None
        for _ in range(3):
            action = PlaceBet(
                player=rnd.choice(["ana", "bo"]),
                spot=rnd.choice(mt.ALL_SPOTS),
                amount=rnd.choice([500, 1_000, 2_500]),
                by=Role.PLAYER,
            )
            if game.can(action):
                game.apply(action)
        was = game.state.stage
        game.apply(NoMoreBets())
        game.apply(Draw())
        if was is Stage.SEGONES:
            done += 1
    return game


def test_a_long_electronic_session_balances() -> None:
    game = session(11, 60)
    s = game.state
    assert s.rounds == 60 and s.balance() == 0 and s.deductions > 0
    assert s.packs_used >= 60 and len(s.results) == 50
    view = game.view()
    json.dumps(view)
    assert len(view["last_results"]) == 12 and view["stage"] == "none"


def test_replay_from_log_and_from_json() -> None:
    game = session(5, 25)
    again = Monte.replay(game.profile, game.log)
    assert again.state == game.state
    from_json = Monte.replay(game.profile, json.loads(game.log_json()))
    assert from_json.state == game.state and from_json.log_json() == game.log_json()


def test_replay_of_a_live_table() -> None:
    game = live()
    place(game, "2v1", 10_000)
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("6B",)))
    place(game, "3v4", 1_000)
    game.apply(NoMoreBets())
    game.apply(Draw(cards=("2O", "1O")))
    game.apply(CashOut(player="ana"))
    again = Monte.replay(game.profile, json.loads(game.log_json()))
    assert again.state == game.state and again.state.cashed_out == 1_000_000 + 9_000 - 1_000


def test_auto_round_runs_coup_after_coup() -> None:
    game = electronic(9)
    kinds = []
    for _ in range(9):
        steps = game.auto_round()
        kinds.append([a.kind for a in steps])
        game.apply_all(steps)
    assert kinds[:3] == [["lay-out"], ["no-more-bets", "draw"], ["no-more-bets", "draw", "lay-out"]]
    assert game.state.rounds >= 3 and game.state.balance() == 0


# -- the invariant under random play ------------------------------------------------------------------

PLAYERS = ["ana", "bo", "zed"]
SPOTS = [*mt.ALL_SPOTS, "dragon", "top", "vis 9"]
AMOUNTS = [0, -5, 499, 500, 1_000, 2_500, 5_000, 15_000, 150_000, 200_000]
ROLES = [Role.PLAYER, Role.CROUPIER, Role.HEAD, Role.INSPECTOR]

actions = st.one_of(
    st.builds(BuyIn, player=st.sampled_from(PLAYERS), amount=st.sampled_from([50_000, 0])),
    st.builds(CashOut, player=st.sampled_from(PLAYERS)),
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS),
        spot=st.sampled_from(SPOTS),
        amount=st.sampled_from(AMOUNTS),
        by=st.sampled_from(ROLES),
    ),
    st.builds(
        TakeDown, player=st.sampled_from(PLAYERS), bet=st.integers(0, 40), by=st.sampled_from(ROLES)
    ),
    st.builds(NoMoreBets, by=st.sampled_from(ROLES)),
    st.builds(Draw, count=st.sampled_from([None, 1, 2, 0])),
    st.builds(Layout, cut=st.sampled_from([None, 0, 5, 39, 40])),
    st.builds(Void, by=st.sampled_from([Role.INSPECTOR, Role.CROUPIER])),
    st.builds(LastRounds, count=st.sampled_from([2, 5])),
)

likely = st.one_of(
    st.builds(
        PlaceBet,
        player=st.sampled_from(PLAYERS[:2]),
        spot=st.sampled_from(mt.ALL_SPOTS),
        amount=st.sampled_from([500, 1_000, 2_500]),
        by=st.just(Role.PLAYER),
    ),
    st.builds(NoMoreBets),
    st.builds(Draw),
    st.builds(Layout),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.lists(st.one_of(likely, likely, actions), min_size=20, max_size=80),
)
def test_random_play_keeps_the_balance_and_refusals_change_nothing(
    seed: int, steps: list[Action]
) -> None:
    prof = mt.load_builtin()
    game = Monte(prof, SeededSource(seed))
    for name in PLAYERS[:2]:
        game.apply(BuyIn(player=name, amount=100_000))
    for action in steps:
        state, log = copy.deepcopy(game.state), copy.deepcopy(game.log)
        draws = list(game.source.draws)
        try:
            game.apply(action)
        except RuleError:
            assert game.state == state and game.log == log and game.source.draws == draws
        assert game.state.balance() == 0
    again = Monte.replay(prof, json.loads(game.log_json()))
    assert again.state == game.state


def test_engine_and_analyser_agree_on_every_bet_of_a_coup() -> None:
    """Each bet's net in the engine equals the analyser's resolution on the same coup."""
    prof = mt.load_builtin()
    lay = mt.layout_from(prof, " ".join(L0))
    chains = {c.spot.name: c for c in mt.par_chains(prof) if c.placed_in is Stage.PRIMERES}
    for terminator in ("3C", "6B", "RO", "1E"):
        for pre in ((), ("5O",)):
            game = live()
            for spot in chains:
                place(game, spot, 5_000)
            game.apply(NoMoreBets())
            record = game.apply(Draw(cards=(*pre, terminator)))
            got = {s: r["net"] for s, r in settled(record).items()}
            result = mt.PhaseResult(Stage.PRIMERES, parse_card(terminator), not pre, not pre)
            for spot, chain in chains.items():
                res = mt.resolve_monte(prof, lay, chain.spot, result)
                if isinstance(res, Win):
                    want = int(5_000 * res.ratio)
                else:
                    want = -5_000 if isinstance(res, Lose) else 0
                    assert isinstance(res, (Stay, Push, Lose))
                assert got[spot] == want, (terminator, pre, spot)


def test_exact_figures_are_probabilities() -> None:
    for chain in mt.par_chains(mt.load_builtin()):
        outs = chain.outcomes()
        assert sum(p for _, p in outs) == 1
        f = analyse(chain)
        assert 0 < f.hit_frequency < 1 and f.variance > 0
    assert Fraction(1, 12) == analyse(mt.par_chains(mt.load_builtin())[0]).house_edge


# -- the terminal table (crupier play monte) ------------------------------------------------------


def terminal(seed: int = 4) -> tuple[Any, Any]:
    from io import StringIO

    from rich.console import Console

    from crupier.games.monte.terminal import TABLE

    out = StringIO()
    table = TABLE("monte", mt.load_builtin(), seed=seed, console=Console(file=out, width=140))
    table.game.apply(BuyIn(player="player", amount=50_000))
    return table, out


def test_terminal_plays_a_whole_coup() -> None:
    table, out = terminal()
    table.command("table")
    assert "No cards are laid out" in out.getvalue()
    table.command("go")
    text = out.getvalue()
    assert "primera carta" in text and "quarta carta" in text and "facin joc" in text
    assert "P1: " in text and "Vista Hermosa pays 32:1" in text
    lay = table.game.state.layout
    assert lay is not None and table.game.state.stage is Stage.PRIMERES
    for line in ("camo 1 10", "1v2 50", "vis 3 5", "12v34 20"):
        table.command(line)
    table.command("pot 2 999")
    table.command("dragon 5")
    text = out.getvalue()
    assert "bet #1 camo-1 10.00 accepted" in text and "bet #4 12v34 20.00 accepted" in text
    assert "[bet-over-maximum]" in text and "[unknown-spot]" in text
    table.command("go")
    text = out.getvalue()
    assert "Result: primeres:" in text and "turned face down" in text
    assert table.game.state.stage is Stage.SEGONES
    assert "segones" in text and "(face down)" in text
    live = table.game.state.live_row
    other = "camo 1 5" if live == 1 else "camo 3 5"
    table.command(other)
    assert "[illegal-action]" in out.getvalue()
    table.command("3v4 10" if live == 1 else "1v2 10")
    table.command("go")
    text = out.getvalue()
    assert "Result: segones:" in text and "the coup is over" in text
    assert table.game.state.rounds == 1 and table.game.state.balance() == 0
    assert table.game.state.stage is Stage.PRIMERES  # the next coup is laid out
    assert "blue pack" in text


def test_terminal_help_and_annulled_cards() -> None:
    table, out = terminal(seed=4)
    table.command("help")
    assert "vis 1 5" in out.getvalue() and "10 %" in out.getvalue()
    table.monte.apply(
        Void(by=Role.INSPECTOR)
    ) if table.monte.state.stage is not Stage.NONE else None
    table.monte.apply(Layout(live=True, cards=("2O", "5C", "5E", "3B", "4C")))
    table.command("table")
    text = out.getvalue()
    assert "P2: 5C + 5E [D]" in text and "Vista Hermosa pays 31:1" in text
    assert "Annulled (no win, no loss): horizontal-top 2C" in text
    table.monte.apply(NoMoreBets())
    table.monte.apply(Draw(cards=("7O", "7C", "3C")))
    table.command("table")
    assert "Segones with P1 and P2: camo/anti/viudo pay 4:1" in out.getvalue()


def test_terminal_refuses_another_games_profile() -> None:
    from crupier.games import punto_banco
    from crupier.games.monte.terminal import MonteTable

    with pytest.raises(TypeError):
        MonteTable("monte", punto_banco.load_builtin())
