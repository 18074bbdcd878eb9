"""Pai Gow Poker's bank offered in turn (spec 12, Bank rotation, worked example 15): the offer
after every round, who may accept, the dice counted from the player-banker, what he covers,
the croupier's hand against him for the house stake, his commission; and the refusals."""

from __future__ import annotations

from crupier.core.cards import cards, joker_deck
from crupier.core.errors import IllegalAction
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, PlaceBet
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games.cardtable import NewShoe
from crupier.games.pai_gow_poker import (
    AcceptBank,
    BankSettled,
    Deal,
    PaiGowPoker,
    PaiGowProfile,
    PassBank,
    SetHand,
    ThrowDice,
    load_builtin,
)
from crupier.testing import assert_refused

CHIPS = 100_000


def _game(players: dict[str, int], profile: PaiGowProfile | None = None) -> PaiGowPoker:
    game = PaiGowPoker(profile or load_builtin(), SeededSource(1))
    for name, chips in players.items():
        game.apply(BuyIn(player=name, amount=chips))
    return game


def _bet(game: PaiGowPoker, player: str, amount: int) -> None:
    game.apply(PlaceBet(player=player, spot="bet", amount=amount, by=Role.PLAYER))


def _deal(game: PaiGowPoker, dice: tuple[int, int, int], hands: list[str | None]) -> None:
    """Close the bets, enter the dice and the seven hands in the order handed out (None: a
    hand of the pack's other cards, for an empty box)."""
    given = [c for h in hands if h for c in cards(h)]
    rest = iter(c for c in joker_deck() if c not in given)
    entered = [c for h in hands for c in (cards(h) if h else [next(rest) for _ in range(7)])]
    game.apply(NewShoe(live=True))
    game.apply(NoMoreBets())
    game.apply(ThrowDice(dice=dice))
    game.apply(Deal(cards=tuple(map(str, entered))))


def _first_round(game: PaiGowPoker, bets: dict[str, int]) -> None:
    """A round the croupier banks; every player sets the house way."""
    for player, amount in bets.items():
        _bet(game, player, amount)
    _deal(game, (2, 3, 3), [None] * 7)
    for player in bets:
        game.apply(SetHand(player=player, house_way=True, by=Role.PLAYER))
    assert game.state.rounds == 1 and game.state.balance() == 0


# Worked example 15's hands. The bank's (P3's): pair of 7s high, K-J low.
P3 = "7s 7d Td 9d 4s Kc Js"
P1 = "8s 8d Kh 9c 5s As Qd"  # pair of 8s and A-Q: beats the bank on both hands
P2 = "6s 6d 2h 3c 5c Ah Qh"  # pair of 6s loses, A-Q wins: a push
CROUPIER = "Qc Jc 8h 6h 4c 3d 2d"  # the house way: Q high, J-8 low: loses both to the bank


def _example_15() -> tuple[PaiGowPoker, dict[str, int], list[object]]:
    game = _game({"p1": CHIPS, "p2": CHIPS, "p3": CHIPS})
    _first_round(game, {"p1": 10_000, "p2": 6_000, "p3": 20_000})
    assert game.state.offer == 1  # the croupier banked: the bank goes to box 1 first
    game.apply(PassBank(player="p1", by=Role.PLAYER))
    game.apply(PassBank(player="p2", by=Role.PLAYER))
    game.apply(AcceptBank(player="p3", by=Role.PLAYER))
    assert game.state.banker == 3 and game.state.house_stake == 20_000  # P3's previous bet
    before = dict(game.state.players) | {"house": game.state.house}
    _bet(game, "p1", 10_000)
    _bet(game, "p2", 6_000)
    # 8: the first hand to position 1, the bank's holder (box 3); then boxes 4, 5, 6, the
    # croupier's place, boxes 1 and 2, counter-clockwise
    _deal(game, (2, 3, 3), [P3, None, None, None, CROUPIER, P1, P2])
    game.apply(SetHand(player="p1", low=("As", "Qd"), by=Role.PLAYER))
    game.apply(SetHand(player="p2", low=("Ah", "Qh"), by=Role.PLAYER))
    last = game.apply(SetHand(player="p3", low=("Kc", "Js"), by=Role.PLAYER))
    after = dict(game.state.players) | {"house": game.state.house}
    return game, {k: after[k] - before[k] for k in after}, list(last.events)


def test_worked_example_15_player_banker() -> None:
    game, net, _ = _example_15()
    assert net["p1"] == 9_500  # beats the bank on both: +95 (the house keeps 5)
    assert net["p2"] == 0  # push
    assert net["p3"] == 9_500  # +200 from the croupier's hand, -100 to P1, 5 % of +100
    assert net["house"] == -19_000
    assert game.state.balance() == 0 and not game.state.bets


def test_the_player_banker_settles_in_events_the_books_can_read() -> None:
    _, _, events = _example_15()
    settled = [e for e in events if isinstance(e, BankSettled)]
    assert [(e.against, e.amount) for e in settled] == [
        ("croupier", 20_000),
        ("p1", -10_000),
        ("commission", -500),
    ]


def test_the_bank_moves_on_after_the_player_banker_and_the_croupier_must_take_it() -> None:
    game, _, _ = _example_15()
    # after box 3: boxes 4-6 are empty, so the croupier's turn: he takes it, no offer waits
    assert game.state.banker == 0 and game.state.offer is None
    assert "accept-bank" not in game.legal_actions() and "place-bet" in game.legal_actions()
    _bet(game, "p1", 1_000)
    _deal(game, (2, 3, 3), [None] * 7)
    game.apply(SetHand(player="p1", house_way=True, by=Role.PLAYER))
    # after the croupier, box 1 again: only p1 played that round
    assert game.state.offer == 1
    game.apply(PassBank(player="p1", by=Role.PLAYER))
    assert game.state.banker == 0 and game.state.offer is None


def test_while_the_bank_is_offered_no_bet_and_no_deal() -> None:
    game = _game({"p1": CHIPS, "p2": CHIPS})
    _first_round(game, {"p1": 1_000, "p2": 1_000})
    assert set(game.legal_actions()) >= {"accept-bank", "pass-bank"}
    assert "place-bet" not in game.legal_actions()
    assert_refused(game, PlaceBet(player="p2", spot="bet", amount=1_000), IllegalAction)
    assert_refused(game, NoMoreBets(), IllegalAction)
    # only the player it is offered to answers
    assert_refused(game, AcceptBank(player="p2", by=Role.PLAYER), IllegalAction)
    assert_refused(game, PassBank(player="p2", by=Role.PLAYER), IllegalAction)
    assert_refused(game, CashOut(player="p1"), IllegalAction)  # offered: he answers first


def test_a_player_who_did_not_play_the_previous_round_is_not_offered_the_bank() -> None:
    game = _game({"p1": CHIPS, "p2": CHIPS})
    game.apply(PlaceBet(player="p1", spot="bet", amount=1_000, by=Role.PLAYER))
    _bet(game, "p2", 1_000)
    _deal(game, (2, 3, 3), [None] * 7)
    game.apply(SetHand(player="p1", house_way=True, by=Role.PLAYER))
    game.apply(SetHand(player="p2", house_way=True, by=Role.PLAYER))
    game.apply(PassBank(player="p1", by=Role.PLAYER))
    game.apply(PassBank(player="p2", by=Role.PLAYER))
    assert game.state.banker == 0  # the croupier's turn
    _bet(game, "p1", 1_000)  # p2 sits out this round
    _deal(game, (2, 3, 3), [None] * 7)
    game.apply(SetHand(player="p1", house_way=True, by=Role.PLAYER))
    game.apply(PassBank(player="p1", by=Role.PLAYER))
    assert game.state.offer is None and game.state.banker == 0  # box 2 skipped


def test_a_player_whose_chips_do_not_cover_the_house_stake_is_not_offered() -> None:
    game = _game({"p1": 6_000, "p2": CHIPS})
    _bet(game, "p1", 5_000)
    _bet(game, "p2", 1_000)
    # 8: the croupier's hand first (pair of 7s, K-J), then p1's (Q high): p1 loses both
    _deal(game, (2, 3, 3), [P3, CROUPIER, None, None, None, None, None])
    game.apply(SetHand(player="p1", house_way=True, by=Role.PLAYER))
    game.apply(SetHand(player="p2", house_way=True, by=Role.PLAYER))
    assert game.state.players["p1"] == 1_000  # under his previous bet of 5,000
    assert game.state.offer == 2  # box 1 passed over


def test_the_bank_refuses_bets_it_cannot_cover_and_its_holder_does_not_bet() -> None:
    game = _game({"p1": CHIPS, "p2": 40_000})
    _first_round(game, {"p1": 30_000, "p2": 10_000})
    if game.state.offer == 1:
        game.apply(PassBank(player="p1", by=Role.PLAYER))
    bank = game.state.players["p2"]
    game.apply(AcceptBank(player="p2", by=Role.PLAYER))
    assert game.state.house_stake == 10_000
    assert_refused(game, PlaceBet(player="p2", spot="bet", amount=1_000), IllegalAction)
    assert_refused(game, CashOut(player="p2"), IllegalAction)  # his chips are the cover
    cover = bank - 10_000
    assert_refused(game, PlaceBet(player="p1", spot="bet", amount=cover + 1), IllegalAction)
    _bet(game, "p1", cover)  # exactly what the bank covers is accepted


def test_a_player_banker_who_sets_wrongly_loses_to_every_box() -> None:
    game = _game({"p1": CHIPS, "p3": CHIPS})
    _first_round(game, {"p1": 1_000, "p3": 2_000})
    game.apply(PassBank(player="p1", by=Role.PLAYER))
    game.apply(AcceptBank(player="p3", by=Role.PLAYER))
    before = dict(game.state.players)
    _bet(game, "p1", 1_000)
    # 8 from box 2 (the bank): box 2, then 3, 4, 5, 6, the croupier, box 1
    foul = "Ks Kd 4h 3c 2s As Ad"  # set with the aces low: the low hand above the high
    weak = "9h 9c 5h 3s 2c Jh 8c"
    _deal(game, (2, 3, 3), [foul, None, None, None, None, CROUPIER, weak])
    game.apply(SetHand(player="p1", low=("Jh", "8c"), by=Role.PLAYER))
    game.apply(SetHand(player="p3", low=("As", "Ad"), by=Role.PLAYER))
    after = game.state.players
    # the croupier's hand and p1 both beat the fouled bank: -2,000 and -1,000; p1 +950
    assert after["p1"] - before["p1"] == 950
    assert after["p3"] - before["p3"] == -3_000


def test_the_switch_off_keeps_the_bank_with_the_croupier() -> None:
    raw = load_builtin().model_dump()
    raw["rules"]["player_bank"] = False
    game = _game({"p1": CHIPS}, PaiGowProfile.model_validate(raw))
    _first_round(game, {"p1": 1_000})
    assert game.state.offer is None and game.state.banker == 0


def test_a_player_banker_alone_plays_the_croupier_for_the_house_stake() -> None:
    game = _game({"p1": CHIPS})
    _first_round(game, {"p1": 3_000})
    game.apply(AcceptBank(player="p1", by=Role.PLAYER))
    before = game.state.players["p1"]
    # 8: box 1 (the bank) first, then boxes 2-6, the croupier's place last
    _deal(game, (2, 3, 3), [P3, None, None, None, None, None, CROUPIER])
    game.apply(SetHand(player="p1", low=("Kc", "Js"), by=Role.PLAYER))
    # wins 3,000 from the croupier's hand, pays 5 % of it
    assert game.state.players["p1"] - before == 3_000 - 150
    assert game.state.balance() == 0
