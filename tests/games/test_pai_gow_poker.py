"""Pai Gow Poker's parts so far (spec 12): the dice count, the house way on every worked
example, the comparison of settings (copies to the bank, a wrongly set hand loses)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import pytest

from crupier.core.cards import JOKER, Card, cards, joker_deck
from crupier.core.poker import rank_high, rank_low, set_correctly
from crupier.core.resolution import Lose, Push, Win
from crupier.core.rng import SeededSource
from crupier.games.pai_gow_poker.houseway import HouseWay, TwoPair, all_settings, house_way
from crupier.games.pai_gow_poker.showdown import compare, first_position, resolve_main

WAY = HouseWay.spec_default()


def _ranks(hand: Sequence[Card]) -> list[str]:
    return sorted(c.rank.value for c in hand)


def test_example_1_the_dice_count_from_the_bank() -> None:
    assert [first_position(t) for t in (8, 3, 18, 15)] == [1, 3, 4, 1]
    with pytest.raises(ValueError):
        first_position(2)


@pytest.mark.parametrize(
    ("n", "seven", "low"),
    [
        (2, "As Kd 9h 7c 5s 4d 2c", "Kd 9h"),  # no pair: 2nd and 3rd highest low
        (3, "8s 8d Kh 9c 5s 4d 2c", "Kh 9c"),  # one pair high
        (4, "Qs Qd 9h 9c 5s 4d 2c", "9h 9c"),  # high + medium: split
        (4, "Ts Td 8h 8c As 4d 2c", "As 4d"),  # medium + medium with an ace: keep
        (4, "9s 9d 4h 4c Ks 7d 2c", "Ks 7d"),  # medium + low with a king: keep
        (4, "6s 6d 3h 3c Qs 9d 2c", "3h 3c"),  # low + low, no A/K: split
        (5, "As Ad JK Kc 9s 4d 2c", "JK Kc"),  # two aces and the joker: the third ace low
        (6, "As 2d 3h 4c 5s 9d 9c", "9d 9c"),  # straight high, the pair low
        (7, "8s 8d 8h 2c 2s Ad Kc", "Ad Kc"),  # full house with 2s and A-K: keep
        (8, "9s 9d 9h 9c Ks 7d 2c", "9s 9d"),  # four 9s, no ace: split
        (8, "9s 9d 9h 9c As 7d 2c", "As 7d"),  # four 9s with an ace: keep
    ],
)
def test_house_way_worked_examples(n: int, seven: str, low: str) -> None:
    high_hand, low_hand = house_way(cards(seven), WAY)
    assert _ranks(low_hand) == _ranks(cards(low)), f"example {n}"  # suits never matter here
    assert set(high_hand) | set(low_hand) == set(cards(seven)) and len(high_hand) == 5


@pytest.mark.parametrize(
    ("seven", "low"),
    [
        ("As Ad Ah Ac JK Kd Kc", "Kd Kc"),  # rule 1: five aces with kings stay high
        ("As Ad Ah Ac JK Qd 2c", "Ac Ad"),  # two aces low (any two of them)
        ("5s 5d 5h 5c Kd Qh 2c", "Kd Qh"),  # quads 2-6 kept together
        ("Qs Qd Qh Qc Ad 7h 2c", "Qc Qd"),  # quads J-A always split (two of them low)
        ("7s 7d 7h 7c 9d 9h 2c", "9d 9h"),  # quads with a pair: the pair low
        ("Ks Kd Kh 4c 4d 4h 2c", "Kd Kh"),  # two trips: a pair of the higher low
        ("Ks Kd Kh 4c 4d 9h 9c", "9h 9c"),  # trips and two pair: the higher pair low
        ("Js Jd 8h 8c 4d 4h 2c", "Js Jd"),  # three pair: the highest low
        ("Ts Td Th Ac 7d 5h 2c", "Ac 7d"),  # trips: the two highest singletons low
        ("2h 5h 8h Jh Kh Ac Qd", "Ac Qd"),  # a flush kept, the best low beside it
    ],
)
def test_house_way_rules(seven: str, low: str) -> None:
    _, low_hand = house_way(cards(seven), WAY)
    assert _ranks(low_hand) == _ranks(cards(low))


def test_the_house_way_is_data() -> None:
    data = WAY.model_dump()
    data["two_pair"] = {**data["two_pair"], "low-low": TwoPair.SPLIT}
    data["quads_keep_up_to"] = 9
    other = HouseWay(**data)
    assert sorted(map(str, house_way(cards("9s 9d 4h 4c Ks 7d 2c"), other)[1])) == ["7d", "Ks"]
    assert sorted(map(str, house_way(cards("3s 3d 2h 2c Ks 7d 4c"), other)[1])) == ["2c", "2h"]
    assert sorted(map(str, house_way(cards("9s 9d 9h 9c Ks 7d 2c"), other)[1])) == ["7d", "Ks"]
    with pytest.raises(ValueError):
        HouseWay(**{**data, "two_pair": {"low-low": "split"}})


def test_the_house_way_always_sets_correctly() -> None:
    """On random hands of the 53-card pack the house way never fouls, and it uses each
    card once."""
    source = SeededSource(12)
    pack = joker_deck()
    for _ in range(1_500):
        deck = pack[:]
        for i in range(7):  # the first seven of a Fisher-Yates shuffle
            j = i + source.randbelow(53 - i)
            deck[i], deck[j] = deck[j], deck[i]
        seven = deck[:7]
        high_hand, low_hand = house_way(seven, WAY)
        assert set_correctly(high_hand, low_hand), seven


@pytest.mark.parametrize(
    ("n", "player", "bank", "result"),
    [
        (9, ("8s 8d Kh 9c 5s", "As Qd"), ("7s 7d Td 9d 4s", "Kc Js"), 1),
        (10, ("8s 8d Kh 9c 5s", "As Qd"), ("9s 9d Td 8c 4s", "Kc Js"), 0),
        (11, ("Qs Qd 7h 4c 2s", "Ks Jh"), ("Qh Qc 7s 4d 3s", "Kd Td"), 0),
        (11, ("Qs Qd 7h 4c 2s", "Ks Jh"), ("Qh Qc 7s 4d 3s", "Kd Jd"), -1),  # a copy
        (12, ("As 2d 3h 4c 5s", "9d 9c"), ("Ks Qd Jh Tc 9s", "Ad Kd"), 1),
        (13, ("Ks Kd 4h 3c 2s", "As Ad"), ("7s 6d 5h 3d 2h", "4c 3s"), -1),  # foul
        (14, ("As Ad Ah Ac JK", "Kd Kc"), ("7s 7d 7h 4c 4s", "Qs Qh"), 1),
    ],
)
def test_settlement_worked_examples(
    n: int, player: tuple[str, str], bank: tuple[str, str], result: int
) -> None:
    p = (cards(player[0]), cards(player[1]))
    b = (cards(bank[0]), cards(bank[1]))
    assert compare(p, b) == result, f"example {n}"


def test_main_bet_resolution_and_wrong_card_counts() -> None:
    five = Fraction(5, 100)
    assert resolve_main(1, five) == Win(Fraction(95, 100))  # example 9: +95 on 100
    assert resolve_main(0, five) == Push() and resolve_main(-1, five) == Lose()
    bank = (cards("7s 7d Td 9d 4s"), cards("Kc Js"))
    assert compare((cards("8s 8d Kh 9c 5s 2c"), cards("As")), bank) == -1
    assert len(all_settings([*cards("As Kd 9h 7c 5s 4d"), JOKER])) == 21
    assert rank_high(cards("As Ad Ah Ac JK")) > rank_high(cards("Ts Js Qs Ks As"))
    assert rank_low(cards("JK Kc")) == rank_low(cards("Ad Kc"))


def test_the_quick_straight_or_flush_check_never_misses_one() -> None:
    """The house way skips rule 4's search when the check says no straight or flush can be
    made: on random hands (and hands built around the joker), whenever some setting has a
    straight, flush, straight flush or royal flush high, the check says it may."""
    from crupier.core.poker import PaiGowCategory
    from crupier.games.pai_gow_poker.houseway import _may_make_straight_or_flush

    made_kinds = {
        PaiGowCategory.STRAIGHT,
        PaiGowCategory.FLUSH,
        PaiGowCategory.STRAIGHT_FLUSH,
        PaiGowCategory.ROYAL_FLUSH,
    }
    source, pack = SeededSource(11), joker_deck()
    made_seen = 0
    for n in range(3_000):
        deck = list(pack) if n % 3 else [c for c in pack if c != JOKER]
        seven = [JOKER] if n % 3 == 0 else []
        while len(seven) < 7:
            card = deck[source.randbelow(len(deck))]
            if card not in seven:
                seven.append(card)
        made = any(rank_high(h)[0] in made_kinds for h, _ in all_settings(seven))
        made_seen += made
        if made:
            assert _may_make_straight_or_flush(seven), seven
    assert made_seen > 100  # the sample holds enough straights and flushes to mean something


def test_rule_four_searches_every_correct_setting_with_a_straight_or_better() -> None:
    """Rule 4 chooses among the correct settings whose high hand is a straight or better;
    the search lists exactly those, in the order of ``settings`` (so the first of equal
    choices is the same), on random hands and hands built around the joker."""
    from crupier.core.poker import PaiGowCategory, settings
    from crupier.games.pai_gow_poker.houseway import _made_hands

    source, pack = SeededSource(21), joker_deck()
    found = 0
    for n in range(2_000):
        deck = list(pack) if n % 3 else [c for c in pack if c != JOKER]
        seven = [JOKER] if n % 3 == 0 else []
        while len(seven) < 7:
            card = deck[source.randbelow(len(deck))]
            if card not in seven:
                seven.append(card)
        every = [s for s in settings(seven) if rank_high(s[0])[0] >= PaiGowCategory.STRAIGHT]
        assert _made_hands(seven) == every, seven
        found += bool(every)
    assert found > 100  # enough hands that make one to mean something
