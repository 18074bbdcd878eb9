"""Spec 23.1 (five-card draw): the worked examples, played through the engine with the
cards entered. Ante 1, five players S1...S5 with the 52-card pack, mà S1, pot limit, unless
an example says otherwise."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from crupier.core.cards import Card, cards
from crupier.core.errors import RuleError, WrongPhase
from crupier.games.circle_poker.actions import Bet, Call, Check, Fold, Misdeal, Raise, StartDeal
from crupier.games.circle_poker.engine import CirclePoker, deck_of
from crupier.games.circle_poker.packs import seated
from crupier.games.five_card_draw import FiveCardDraw, FiveCardDraw32, load_builtin
from crupier.games.five_card_draw.actions import (
    CardsDrawn,
    Draw,
    DrawState,
    NoOpeners,
    OpenersShown,
    PotCarried,
    RestoreStub,
    StubReshuffled,
)
from crupier.games.five_card_draw.rules import DrawProfile

PLAYERS = ["S1", "S2", "S3", "S4", "S5"]
NO_RAKE = {"rate": Fraction(0)}
RAKE_5 = {"rate": Fraction(5, 100)}


def profile(
    name: str = "andorra", house: Any = None, stakes: Any = None, **draw: Any
) -> DrawProfile:
    base = load_builtin(name)
    update = {
        "stakes": base.stakes.model_copy(update={"ante": 1, "minimum_bet": 1, **(stakes or {})}),
        "house": base.house.model_copy(update=house or NO_RAKE),
        "draw": base.draw.model_validate({**base.draw.model_dump(), **draw}),
    }
    return base.model_copy(update=update)


def pack(holes: list[list[str]], stub: list[str] = (), deck: int = 52) -> tuple[str, ...]:  # type: ignore[assignment]
    """The pack that deals ``holes`` (five cards each, from the mà) and then ``stub`` on top
    of the stub; the other cards after them."""
    named = [Card.parse(c) for h in holes for c in h] + [Card.parse(c) for c in stub]
    assert len(set(named)) == len(named)
    order = [holes[i][k] for k in range(5) for i in range(len(holes))] + list(stub)
    return (*order, *(str(c) for c in deck_of(deck) if c not in set(named)))


def table(p: DrawProfile | None = None, players: list[str] = PLAYERS, stack: int = 1000) -> Any:
    game = seated(FiveCardDraw, p or profile(), {name: stack for name in players})
    return game


def play(game: CirclePoker, *moves: Any) -> list[Any]:
    events: list[Any] = []
    for move in moves:
        events += game.apply(move).events
    return events


def state(game: Any) -> DrawState:
    assert isinstance(game.state, DrawState)
    return game.state


def test_example_1_normal_pot_with_rake() -> None:
    game = table(profile(house=RAKE_5))
    holes = [
        ["2c", "3d", "4h", "6s", "8c"],
        ["Jh", "Jd", "9c", "4s", "2h"],  # S2: jacks, the first deal's openers
        ["Kc", "Qd", "7h", "5s", "3h"],
        ["9h", "9d", "5c", "5d", "Ac"],  # S4: two pair
        ["Th", "8d", "6c", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes, ["Js", "7d", "3c", "Kd"])))
    assert game.state.deal.pot() == 5
    play(game, Check(player="S1"))
    assert game.bounds()["bet"] == (1, 5)  # pot-limit maximum = the pot, 5
    play(game, Bet(player="S2", to=5), Fold(player="S3"), Call(player="S4"), Fold(player="S5"))
    play(game, Fold(player="S1"))
    assert game.state.deal.pot() == 15
    assert game.legal_actions()[0] == "draw" and game.to_act() == "S2"  # the opener first
    play(game, Draw(player="S2", discard=("9c", "4s", "2h")), Draw(player="S4", discard=("Ac",)))
    assert game.to_act() == "S2"  # the opener speaks first after the draw
    play(game, Check(player="S2"), Bet(player="S4", to=10))
    events = play(game, Call(player="S2"))
    result = game.state.results[-1]
    assert [p.amount for p in result.pots] == [35]
    assert result.shown == ("S4", "S2")  # the last bettor shows first
    assert result.winners == (("S2",),) and result.rake == 1  # floor(5 % of 35)
    assert dict(result.won) == {"S2": 34}
    assert game.state.chips["S2"] == 1000 - 16 + 34 and game.state.house == 1
    assert next(e for e in events if isinstance(e, OpenersShown)).verified


def test_example_2_cannot_open_without_the_required_hand() -> None:
    game = table()
    holes = [
        ["Th", "Td", "9c", "4s", "2h"],  # S1: tens, not enough on the first deal
        ["Ah", "Ad", "8c", "6s", "3h"],
        ["Kc", "Qd", "7h", "5s", "3d"],
        ["9h", "8d", "5c", "4d", "2c"],
        ["Jc", "8h", "6c", "4h", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    before = game.state.__deepcopy__({})
    with pytest.raises(NoOpeners) as refused:
        game.apply(Bet(player="S1", to=1))
    assert refused.value.code == "no-openers" and game.state == before
    assert "bet" not in game.legal_actions()
    play(game, Check(player="S1"), Bet(player="S2", to=2))
    play(game, Fold(player="S3"), Fold(player="S4"), Fold(player="S5"))
    assert game.to_act() == "S1" and {"call", "raise"} <= set(game.legal_actions())
    play(game, Raise(player="S1", to=4))  # his tens may now call or raise


def test_example_3_blank_hands_raise_the_requirement() -> None:
    game = table()
    pots, required, ma = [], [], []
    for deal in range(1, 6):
        order: tuple[str, ...] = ()
        if deal == 2:  # mà S2: S2 S3 S4 S5 S1; S4's jacks cannot open with queens required
            order = pack([["2c", "3d", "4h", "6s", "8c"], ["7c", "5d", "4c", "6h", "9s"],
                          ["Jh", "Jd", "9c", "4s", "2h"], ["Kc", "Qd", "7h", "5s", "3h"],
                          ["Th", "8d", "6c", "4d", "2s"]])  # fmt: skip
        if deal == 5:  # mà S5: S5 S1 S2 S3 S4; S3 holds two pair 8-8-4-4
            order = pack([["2c", "3d", "Ah", "6s", "9c"], ["7c", "5d", "4c", "6h", "9s"],
                          ["Kh", "Jd", "Tc", "3s", "2h"], ["8h", "8d", "4s", "4d", "Ac"],
                          ["Th", "Qd", "6c", "7d", "2s"]])  # fmt: skip
        game.apply(StartDeal(order=order))
        pots.append(game.state.deal.pot())
        required.append(game.requirement())
        ma.append(game.state.ma)
        if deal == 2:
            play(game, Check(player="S2"), Check(player="S3"))
            with pytest.raises(NoOpeners):
                game.apply(Bet(player="S4", to=1))
        if deal == 5:
            play(game, Check(player="S5"), Check(player="S1"), Check(player="S2"))
            play(game, Bet(player="S3", to=1))
            break
        while game.state.deal is not None:
            game.apply(Check(player=game.to_act()))
        assert state(game).carried == 5 * deal
    assert pots == [5, 10, 15, 20, 25]
    assert required == ["J", "Q", "K", "A", "A"]
    assert ma == [1, 2, 3, 4, 5]
    # the pot is played: the requirement starts again from jacks
    play(game, Fold(player="S4"), Fold(player="S5"), Fold(player="S1"), Fold(player="S2"))
    assert game.state.deal is None and game.requirement() == "J"
    assert game.state.chips["S3"] == 1000 - 5 + 25  # the carried antes go to the pot's winner


def test_example_4_splitting_openers() -> None:
    game = table()
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Js", "Jd", "Ts", "9s", "8s"],  # S2 opens with jacks
        ["Kh", "Qd", "7h", "5s", "3h"],
        ["9h", "9d", "5c", "5d", "Ac"],
        ["Th", "8d", "6h", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes, ["7s"])))
    play(game, Check(player="S1"), Bet(player="S2", to=1), Fold(player="S3"), Call(player="S4"))
    play(game, Fold(player="S5"), Fold(player="S1"))
    play(game, Draw(player="S2", discard=("Jd",)))
    assert state(game).opener_discard == (Card.parse("Jd"),)  # face down on the pot
    assert Card.parse("Jd") not in state(game).muck
    assert sorted(game.state.deal.down["S2"]) == sorted(cards("7s 8s 9s Ts Js"))
    play(game, Draw(player="S4"), Check(player="S2"))
    events = play(game, Check(player="S4"))
    shown = next(e for e in events if isinstance(e, OpenersShown))
    assert shown.verified and set(shown.cards) == {"Js", "Jd", "Ts", "9s", "8s"}
    assert game.state.results[-1].winners == (("S2",),)  # the straight flush


def false_opening() -> Any:
    game = table(profile(openers_checked="at-the-end", stakes={"structure": "no-limit"}))
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Qh", "Jd", "9c", "6s", "2h"],  # S2 reads a pair of queens; he has none
        ["Kh", "Qd", "7h", "5s", "3h"],
        ["Tc", "8d", "6h", "4c", "3s"],  # S4: ten high, lower than S2's queen high
        ["Th", "8h", "6d", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    return game


def test_example_5_false_opener_with_callers() -> None:
    game = false_opening()
    play(game, Check(player="S1"), Bet(player="S2", to=7), Call(player="S3"), Call(player="S4"))
    play(game, Fold(player="S5"), Fold(player="S1"))
    play(game, Draw(player="S2"), Draw(player="S3"), Draw(player="S4"))
    play(game, Bet(player="S2", to=7), Fold(player="S3"))
    events = play(game, Call(player="S4"))
    result = game.state.results[-1]
    assert sum(p.amount for p in result.pots) == 40
    assert not next(e for e in events if isinstance(e, OpenersShown)).verified
    assert result.winners == (("S4",),) and dict(result.won) == {"S4": 40}
    assert game.state.chips["S2"] == 1000 - 15 and game.state.chips["S4"] == 1000 - 15 + 40


def test_example_6_false_opener_uncalled_bet_stays_for_the_next_deal() -> None:
    game = table(profile(openers_checked="at-the-end"))
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Qh", "Jd", "9c", "6s", "2h"],
        ["Kh", "Qd", "7h", "5s", "3h"],
        ["Tc", "8d", "6h", "4c", "3s"],
        ["Th", "8h", "6d", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    play(game, Check(player="S1"), Bet(player="S2", to=5), Call(player="S3"), Call(player="S4"))
    play(game, Fold(player="S5"), Fold(player="S1"))
    play(game, Draw(player="S2"), Draw(player="S3"), Draw(player="S4"))
    play(game, Bet(player="S2", to=10), Fold(player="S3"))
    events = play(game, Fold(player="S4"))
    assert [(e.amount, e.reason) for e in events if isinstance(e, PotCarried)] == [
        (30, "false-opener")
    ]
    assert game.state.deal is None and state(game).carried == 30
    assert game.state.chips["S2"] == 1000 - 16 and game.state.house == 0
    game.apply(StartDeal())
    assert game.state.deal.pot() == 35 and state(game).carried == 0


def test_example_7_the_stub_runs_out() -> None:
    players = [f"S{i}" for i in range(1, 8)]
    game = table(players=players)
    holes = [
        ["2c", "3c", "4c", "5c", "7d"],
        ["2d", "3d", "4d", "5d", "7h"],
        ["Ah", "Ad", "3h", "4h", "5h"],  # S3 opens with aces
        ["2h", "6c", "8c", "9c", "Tc"],
        ["2s", "6d", "8d", "9d", "Td"],
        ["3s", "6h", "8h", "9h", "Th"],
        ["4s", "6s", "8s", "9s", "Ts"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    assert len(game.state.deal.stub) == 17
    play(game, Check(player="S1"), Fold(player="S2"), Bet(player="S3", to=1))
    for p in ("S4", "S5", "S6", "S7", "S1"):
        play(game, Call(player=p))
    for p in ("S3", "S4", "S5", "S6", "S7"):
        play(game, Draw(player=p, discard=tuple(str(c) for c in game.state.deal.down[p][2:])))
    assert len(game.state.deal.stub) == 2
    s2_hand, last = set(cards(" ".join(holes[1]))), game.state.deal.stub[1]
    muck = set(state(game).muck)
    assert muck == s2_hand | {c for p in (3, 4, 5, 6) for c in cards(" ".join(holes[p][2:]))}
    s1_discard = ("4c", "5c", "7d")
    events = play(game, Draw(player="S1", discard=s1_discard))
    (reshuffle,) = [e for e in events if isinstance(e, StubReshuffled)]
    assert (reshuffle.cards, reshuffle.cut_by) == (18, "S7")
    received = game.state.deal.down["S1"][2:]
    assert len(received) == 3 and received[1:] and set(received[1:]) <= muck | {last}
    opener_discard = set(state(game).opener_discard)
    assert not opener_discard & set(received) and not set(cards(" ".join(s1_discard))) & set(
        received
    )
    # every card accounted for once: hands, the opener's discard, the discards, the stub
    deal, ds = game.state.deal, state(game)
    everywhere = [c for p in deal.live() for c in deal.down[p]]
    everywhere += [*ds.opener_discard, *ds.muck, *deal.stub]
    assert sorted(everywhere) == sorted(deck_of(52)) and len(everywhere) == 52


def test_example_8_pack_put_away_too_early() -> None:
    game = table()
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Qh", "Qd", "9c", "6s", "2h"],
        ["Kh", "Jd", "7h", "5s", "3h"],
        ["Ac", "Ad", "Ah", "4c", "3s"],
        ["Th", "8h", "6d", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    with pytest.raises(WrongPhase):
        game.apply(RestoreStub())
    play(game, Check(player="S1"), Bet(player="S2", to=1), Fold(player="S3"), Call(player="S4"))
    play(game, Fold(player="S5"), Fold(player="S1"))
    play(game, Draw(player="S2", discard=("9c", "6s", "2h")))
    # the pack intact: S4 is dealt from its top part as if nothing happened
    deal, ds = game.state.deal, state(game)
    stub, muck = list(deal.stub), list(ds.muck)
    # mixed beyond recognition: the unused cards reshuffled, the mà cuts, one burned
    events = play(game, RestoreStub())
    (ev,) = [e for e in events if isinstance(e, StubReshuffled)]
    deal, ds = game.state.deal, state(game)
    assert ev.burned and ev.cut_by == "S1"
    assert len(deal.burned) == 1 and sorted([*deal.stub, *deal.burned]) == sorted(stub)
    assert ds.muck == muck  # without the discards
    play(game, Draw(player="S4", discard=("4c", "3s")))
    assert len(game.state.deal.down["S4"]) == 5 and game.to_act() == "S2"


def test_example_9_32_cards_flush_beats_full_house() -> None:
    game = seated(FiveCardDraw, profile("andorra32"), {p: 1000 for p in PLAYERS[:4]})
    assert isinstance(game, FiveCardDraw32)
    holes = [
        ["Kh", "Jh", "9h", "8h", "7h"],
        ["Ac", "Kd", "Jc", "9d", "8c"],
        ["Qc", "Qd", "Qs", "7c", "7d"],
        ["As", "Ks", "Js", "9s", "8s"],
    ]
    game.apply(StartDeal(order=pack(holes, deck=32)))
    play(game, Bet(player="S1", to=1), Fold(player="S2"), Call(player="S3"), Fold(player="S4"))
    play(game, Draw(player="S1"), Draw(player="S3"), Check(player="S1"), Check(player="S3"))
    assert game.state.results[-1].winners == (("S1",),)


def test_example_10_opener_folded_before_the_draw() -> None:
    game = table()
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Qh", "Qd", "9c", "6s", "2h"],
        ["Kh", "Kd", "7h", "5s", "3h"],
        ["Ac", "Ad", "6h", "4c", "3s"],
        ["Th", "8h", "6d", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    play(game, Check(player="S1"), Bet(player="S2", to=1), Raise(player="S3", to=3))
    play(game, Raise(player="S4", to=9), Fold(player="S5"), Fold(player="S1"))
    play(game, Fold(player="S2"), Call(player="S3"))
    assert state(game).drawing and game.to_act() == "S3"  # the first active after S2
    assert Card.parse("Qh") not in state(game).muck  # the opener's cards stay verifiable
    play(game, Draw(player="S3"), Draw(player="S4"))
    assert game.to_act() == "S3"  # S2 folded: the next active player speaks first
    play(game, Check(player="S3"))
    events = play(game, Check(player="S4"))
    shown = [e for e in events if isinstance(e, OpenersShown)]
    assert shown[0].player == "S2" and shown[0].verified


def test_example_11_counting_draws() -> None:
    game = table()
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Qh", "Qd", "9c", "6s", "2h"],
        ["Kh", "Jd", "7h", "5s", "3h"],
        ["Ac", "Ad", "Ah", "4c", "3s"],
        ["Th", "8h", "6d", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    play(game, Check(player="S1"), Bet(player="S2", to=1), Fold(player="S3"), Call(player="S4"))
    play(game, Call(player="S5"), Fold(player="S1"))
    events = play(game, Draw(player="S2", discard=("9c", "6s", "2h")))
    assert [(e.player, e.count) for e in events if isinstance(e, CardsDrawn)] == [("S2", 3)]
    play(game, Draw(player="S4", discard=("3s",)), Draw(player="S5", discard=("Th", "8h")))
    assert game.cards_drawn("S4") == 1 and game.view()["deal"]["drawn"]["S5"] == 2
    play(game, Check(player="S2"))
    with pytest.raises(WrongPhase):
        game.cards_drawn("S4")
    assert "drawn" not in game.view()["deal"]


def test_example_12_misdeal_keeps_the_antes_and_the_ma() -> None:
    game = table()
    game.apply(StartDeal())
    game.apply(Misdeal(reason="S3 received six cards"))
    deal = game.state.deal
    assert game.state.ma == 1 and deal.pot() == 5
    assert all(len(deal.down[p]) == 5 for p in PLAYERS)
    play(game, Check(player="S1"))
    with pytest.raises(WrongPhase):
        game.apply(Misdeal(reason="too late"))


def test_refused_draws_change_nothing() -> None:
    game = table()
    holes = [
        ["2c", "3d", "4h", "6c", "Kc"],
        ["Qh", "Qd", "9c", "6s", "2h"],
        ["Kh", "Jd", "7h", "5s", "3h"],
        ["Ac", "Ad", "Ah", "4c", "3s"],
        ["Th", "8h", "6d", "4d", "2s"],
    ]
    game.apply(StartDeal(order=pack(holes)))
    play(game, Check(player="S1"), Bet(player="S2", to=1), Fold(player="S3"), Call(player="S4"))
    play(game, Fold(player="S5"), Fold(player="S1"))
    bad = [
        Draw(player="S4", discard=()),  # out of turn
        Draw(player="S2", discard=("Ac",)),  # not his card
        Draw(player="S2", discard=("Qh", "Qh")),  # twice
        Draw(player="S2", discard=("9c",), cards=("Ac",)),  # S4 holds it
        Draw(player="S2", discard=("9c",), cards=("Ts", "9s")),  # two for one
        Check(player="S2"),  # betting during the draw
    ]
    for move in bad:
        before, log = game.state.__deepcopy__({}), list(game.log)
        with pytest.raises(RuleError):
            game.apply(move)
        assert game.state == before and game.log == log, move


@pytest.mark.parametrize("name", ["andorra", "andorra32"])
def test_profiles_load_with_their_pack(name: str) -> None:
    p = load_builtin(name)
    assert p.draw.deck == {"andorra": 52, "andorra32": 32}[name]
    assert p.draw.openers == ("J", "Q", "K", "A") and p.stakes.big_blind == 0
    with pytest.raises(ValueError):
        p.draw.model_validate({**p.draw.model_dump(), "deck": 36})
