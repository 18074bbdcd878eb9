"""The blackjack analyser against brute force on small shoes, and against published tables.

The brute force below shares no code with the analyser: it deals every card of a small shoe
as a distinct card, in every order, plays the dealer by the rule card by card, and takes the
best of stand and hit by exhaustive search; the analyser groups cards by value, memoises by
composition and (in floats) counts the dealer's draw sequences with numpy.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from crupier.analysis.blackjack import (
    BJ,
    BlackjackAnalysis,
    basic_strategy,
    full_shoe,
    take,
)
from crupier.games.blackjack import load_builtin
from crupier.games.blackjack.profile import variant

Cards = tuple[int, ...]  # point values of the cards left, each card distinct


def best_total(hand: Cards) -> int:
    t = sum(hand)
    return t + 10 if 1 in hand and t <= 11 else t


def soft(hand: Cards) -> bool:
    return 1 in hand and sum(hand) <= 11


def without(cards: Cards, i: int) -> Cards:
    return cards[:i] + cards[i + 1 :]


@cache
def dealer_finals(cards: Cards, hand: Cards, h17: bool) -> tuple[tuple[Fraction, str], ...]:
    """Every way the dealer's hand ends: (probability, '17'..'21', 'blackjack' or 'bust')."""
    t = best_total(hand)
    if len(hand) == 2 and t == 21:
        return ((Fraction(1), "blackjack"),)
    if t > 21:
        return ((Fraction(1), "bust"),)
    if len(hand) >= 2 and (t > 17 or (t == 17 and not (h17 and soft(hand)))):
        return ((Fraction(1), str(t)),)
    out: list[tuple[Fraction, str]] = []
    for i, c in enumerate(cards):
        for p, r in dealer_finals(without(cards, i), (*hand, c), h17):
            out.append((p / len(cards), r))
    return tuple(out)


def stand(cards: Cards, up: int, total: int, stake: int, bj_loss: int, h17: bool) -> Fraction:
    if total > 21:
        return Fraction(-stake)
    value = Fraction(0)
    for p, r in dealer_finals(cards, (up,), h17):
        if r == "blackjack":
            value -= p * bj_loss
        elif r == "bust" or int(r) < total:
            value += p * stake
        elif int(r) > total:
            value -= p * stake
    return value


@cache
def best(cards: Cards, up: int, hand: Cards, h17: bool) -> Fraction:
    s = stand(cards, up, best_total(hand), 1, 1, h17)
    return max(s, hit(cards, up, hand, h17)) if best_total(hand) < 21 else s


@cache
def hit(cards: Cards, up: int, hand: Cards, h17: bool) -> Fraction:
    total = Fraction(0)
    for i, c in enumerate(cards):
        new = (*hand, c)
        v = Fraction(-1) if best_total(new) > 21 else best(without(cards, i), up, new, h17)
        total += v / len(cards)
    return total


def double(cards: Cards, up: int, hand: Cards, h17: bool) -> Fraction:
    return sum(
        (
            stand(without(cards, i), up, best_total((*hand, c)), 2, 2, h17) / len(cards)
            for i, c in enumerate(cards)
        ),
        Fraction(0),
    )


def comp_of(cards: Cards) -> tuple[int, ...]:
    return tuple(cards.count(v) for v in range(1, 11))


SHOES: list[Cards] = [
    (1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10),
    (1, 2, 2, 5, 6, 6, 9, 10, 10, 10, 10, 3),
    (1, 1, 1, 10, 10, 4, 7, 7, 8, 2, 5),
]
SITUATIONS = [
    (10, 6, 10),
    (6, 2, 9),
    (1, 5, 6),
    (5, 1, 7),
    (9, 3, 8),
    (10, 1, 4),
    (7, 1, 4),
    (1, 2, 8),
]


@pytest.mark.parametrize("h17", [False, True])
@pytest.mark.parametrize("shoe", SHOES)
def test_stand_hit_double_equal_brute_force(shoe: Cards, h17: bool) -> None:
    profile = variant(
        load_builtin(),
        dealer_hits_soft_17=h17,
        double_totals=list(range(4, 22)),
        double_soft=True,
    )
    a: BlackjackAnalysis[Fraction] = BlackjackAnalysis(profile, exact=True)
    fast: BlackjackAnalysis[float] = BlackjackAnalysis(profile)  # the compiled float kernel
    checked = 0
    for up, c1, c2 in SITUATIONS:
        cards = list(shoe)
        try:
            for v in (c1, up, c2):
                cards.remove(v)
        except ValueError:
            continue
        rest = tuple(cards)
        d = a.decisions(comp_of(rest), up, c1, c2)
        hand = (c1, c2)
        assert d.stand == stand(rest, up, best_total(hand), 1, 1, h17)
        assert d.hit == hit(rest, up, hand, h17)
        assert d.double == double(rest, up, hand, h17)
        f = fast.decisions(comp_of(rest), up, c1, c2)
        assert f.stand == pytest.approx(float(d.stand), abs=1e-12)
        assert f.hit == pytest.approx(float(d.hit), abs=1e-12)
        assert f.double == pytest.approx(float(d.double), abs=1e-12)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("shoe", SHOES)
def test_dealer_probabilities_equal_brute_force_in_fractions_and_floats(shoe: Cards) -> None:
    exact: BlackjackAnalysis[Fraction] = BlackjackAnalysis(load_builtin(), exact=True)
    fast: BlackjackAnalysis[float] = BlackjackAnalysis(load_builtin())
    names = ["17", "18", "19", "20", "21", "blackjack", "bust"]
    for up in sorted(set(shoe)):
        cards = list(shoe)
        cards.remove(up)
        want = [Fraction(0)] * 7
        for p, r in dealer_finals(tuple(cards), (up,), False):
            want[names.index(r)] += p
        got = exact.dealer(comp_of(tuple(cards)), up)
        assert got == want
        assert fast.dealer(comp_of(tuple(cards)), up) == pytest.approx([float(x) for x in want])


def test_insurance_is_exact() -> None:
    a: BlackjackAnalysis[Fraction] = BlackjackAnalysis(load_builtin(), exact=True)
    # six decks less the ace: 96 tens in 311 cards, paid 2 to 1
    assert a.insurance() == Fraction(96, 311) * 2 - Fraction(215, 311)


# Wizard of Odds, Blackjack Appendix 2B (dealer probabilities before the peek), one deck,
# dealer stands on soft 17: 17, 18, 19, 20, 21, blackjack, bust, to the printed digits.
WIZARD_2B_1D_S17 = {
    1: (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
    2: (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0, 0.352973),
    3: (0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0, 0.375588),
    4: (0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0, 0.402803),
    5: (0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0, 0.428905),
    6: (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0, 0.420823),
    7: (0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0, 0.259854),
    8: (0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0, 0.238627),
}


@pytest.mark.parametrize("up", sorted(WIZARD_2B_1D_S17))
def test_dealer_probabilities_match_the_published_table(up: int) -> None:
    a: BlackjackAnalysis[float] = BlackjackAnalysis(variant(load_builtin(), decks=1))
    got = a.dealer(take(full_shoe(1), up), up)
    for mine, printed in zip(got, WIZARD_2B_1D_S17[up], strict=True):
        assert mine == pytest.approx(printed, abs=6e-7)


def test_peek_conditions_on_no_dealer_blackjack() -> None:
    a: BlackjackAnalysis[Fraction] = BlackjackAnalysis(
        variant(load_builtin(), decks=1, hole_card="peek"), exact=True
    )
    d = a.dealer(take(full_shoe(1), 10), 10)
    assert d[BJ] == 0 and sum(d) == 1
    fast: BlackjackAnalysis[float] = BlackjackAnalysis(
        variant(load_builtin(), decks=1, hole_card="peek")
    )
    assert fast.dealer(take(full_shoe(1), 10), 10) == pytest.approx([float(x) for x in d])


def test_six_deck_no_hole_card_edge_matches_wizard_appendix_9() -> None:
    # Wizard of Odds, Blackjack Appendix 9 (euro-6dh17r4): 6 decks, dealer hits soft 17, no
    # hole card (all stakes lost to a blackjack), resplit to four hands except aces, one
    # card to split aces, double any two cards, double after split: expected return
    # -0.0072705.
    profile = variant(
        load_builtin(),
        dealer_hits_soft_17=True,
        double_totals=list(range(4, 22)),
        double_soft=True,
        max_split_hands=4,
    )
    ev = BlackjackAnalysis(profile).expected_value()
    assert ev == pytest.approx(-0.0072705, abs=0.0002)


def test_chart_follows_the_values() -> None:
    chart = basic_strategy(BlackjackAnalysis(variant(load_builtin(), decks=1)))
    # every cell is the best action for its row: 11 against a 6 doubles, 20 stands
    assert chart.hard[11][4] == "D" and chart.hard[19][0] == "S" and chart.pairs[1][0] == "P"


# -- splits against brute force ---------------------------------------------------------------
#
# The analyser values a split hand from the shoe less the up card and the pair cards split so
# far (its own cards removed as it draws), the other split hands' non-pair cards left in: the
# approximation its docstring states. The brute force below deals that model card by card
# from the distinct cards of a small shoe (every order), resplits included: each hand in turn
# draws its second card from the cards left after the pair cards; a pair card drawn (where a
# resplit is allowed) opens a new hand and leaves the shoe for every hand after it; the hand is
# then played out by exhaustive search (stand, hit, double where allowed), the dealer drawing
# card by card from what that hand left. Equality in fractions proves the split code computes
# exactly that model.


def split_hand(cards: Cards, up: int, pair: int, c: int, rules: dict[str, object]) -> Fraction:
    """One split hand (pair card, then ``c``), ``cards`` the shoe it draws from."""
    hand = (pair, c)
    if pair == 1 and rules["split_aces_one_card"]:
        return stand(cards, up, best_total(hand), 1, 1, False)
    value = best(cards, up, hand, False)
    totals = rules["double_totals"]
    assert isinstance(totals, list)
    hard = pair + c
    may_double = not soft(hand) and hard in totals
    if rules["double_after_split"] and pair != 1 and may_double:
        value = max(value, double(cards, up, hand, False))
    return value


def split_brute(rest: Cards, up: int, pair: int, rules: dict[str, object]) -> Fraction:
    """The split of ``pair`` by the model above, per unit of the original bet."""
    cap = rules["max_split_hands"]
    assert isinstance(cap, int)
    if cap == 0:
        cap = 2 + rest.count(pair)
    may_resplit = pair != 1 or bool(rules["resplit_aces"])

    def hands(pending: int, opened: int, cards: Cards) -> Fraction:
        if pending == 0:
            return Fraction(0)
        out = Fraction(0)
        for i, c in enumerate(cards):
            left = without(cards, i)
            if c == pair and may_resplit and opened < cap:
                out += hands(pending + 1, opened + 1, left)
            else:
                out += split_hand(left, up, pair, c, rules) + hands(pending - 1, opened, cards)
        return out / len(cards)

    return hands(2, 2, rest)


SPLIT_SHOES: list[Cards] = [
    (1, 1, 1, 2, 5, 7, 8, 8, 8, 10, 10, 3),
    (2, 2, 2, 3, 6, 9, 9, 9, 10, 10, 1, 4),
    (1, 1, 1, 4, 6, 6, 6, 7, 10, 10, 9),
]
SPLIT_RULES = [
    {"max_split_hands": 2, "double_after_split": True, "resplit_aces": False},
    {"max_split_hands": 0, "double_after_split": True, "resplit_aces": False},
    {"max_split_hands": 3, "double_after_split": False, "resplit_aces": True},
]


@pytest.mark.parametrize("rules", SPLIT_RULES, ids=["no-resplit", "resplit-das", "3-hands"])
@pytest.mark.parametrize("shoe", SPLIT_SHOES)
def test_split_values_equal_brute_force(shoe: Cards, rules: dict[str, object]) -> None:
    every = {
        **rules,
        "double_totals": [9, 10, 11],
        "split_aces_one_card": True,
        "split_ten_values": True,
    }
    profile = variant(load_builtin(), **every)
    a: BlackjackAnalysis[Fraction] = BlackjackAnalysis(profile, exact=True)
    fast: BlackjackAnalysis[float] = BlackjackAnalysis(profile)  # the compiled float kernel
    checked = 0
    for pair in sorted(set(shoe)):
        for up in sorted(set(shoe)):
            cards = list(shoe)
            try:
                for v in (pair, up, pair):
                    cards.remove(v)
            except ValueError:
                continue
            rest = tuple(cards)
            got = a.decisions(comp_of(rest), up, pair, pair).split
            want = split_brute(rest, up, pair, every)
            assert got == want, (pair, up)
            split = fast.decisions(comp_of(rest), up, pair, pair).split
            assert split == pytest.approx(float(want), abs=1e-12), (pair, up)
            checked += 1
    assert checked >= 12


# Triple Joc's BlackJack (spec 21): six cards that do not pass 21 are paid 1 to 1 at once,
# only aces split. The brute force: a hand's best play with that rule, by exhaustive search.


@cache
def best_six(cards: Cards, up: int, hand: Cards) -> Fraction:
    if len(hand) == 6 and best_total(hand) <= 21:
        return Fraction(1)  # paid at once, whatever the dealer makes
    s = stand(cards, up, best_total(hand), 1, 1, False)
    return max(s, hit_six(cards, up, hand)) if best_total(hand) < 21 else s


@cache
def hit_six(cards: Cards, up: int, hand: Cards) -> Fraction:
    total = Fraction(0)
    for i, c in enumerate(cards):
        new = (*hand, c)
        v = Fraction(-1) if best_total(new) > 21 else best_six(without(cards, i), up, new)
        total += v / len(cards)
    return total


SMALL_SHOES: list[Cards] = [
    (1, 1, 2, 2, 2, 3, 3, 4, 5, 10, 10, 2, 3),
    (1, 2, 2, 3, 3, 3, 4, 4, 6, 10, 9, 2),
]


@pytest.mark.parametrize("shoe", SMALL_SHOES)
def test_six_card_hit_values_equal_brute_force(shoe: Cards) -> None:
    from crupier.games.triple_play import load_builtin as triple_play

    profile = triple_play()
    a: BlackjackAnalysis[Fraction] = BlackjackAnalysis(profile, exact=True)
    fast: BlackjackAnalysis[float] = BlackjackAnalysis(profile)
    checked = 0
    for up, c1, c2 in [(10, 2, 3), (9, 2, 2), (1, 3, 2), (6, 2, 4), (10, 3, 3)]:
        cards = list(shoe)
        try:
            for v in (c1, up, c2):
                cards.remove(v)
        except ValueError:
            continue
        rest = tuple(cards)
        d = a.decisions(comp_of(rest), up, c1, c2)
        want = hit_six(rest, up, (c1, c2))
        assert d.hit == want, (up, c1, c2)
        assert fast.decisions(comp_of(rest), up, c1, c2).hit == pytest.approx(float(want))
        checked += 1
    assert checked >= 3


def test_six_cards_raise_the_value_of_hitting_and_only_aces_split() -> None:
    from crupier.games.triple_play import load_builtin as triple_play

    profile = triple_play()
    without_six = profile.model_copy(
        update={"play": profile.play.model_copy(update={"six_cards": None})}
    )
    a: BlackjackAnalysis[Fraction] = BlackjackAnalysis(profile, exact=True)
    b: BlackjackAnalysis[Fraction] = BlackjackAnalysis(without_six, exact=True)
    shoe = SMALL_SHOES[0]
    comp = comp_of(shoe[3:])  # A-2 against an ace up: those three cards out
    assert a.decisions(comp, 1, 1, 2).hit > b.decisions(comp, 1, 1, 2).hit
    eights = take(take(take(full_shoe(1), 8), 8), 10)
    assert a.decisions(eights, 10, 8, 8).split is None
    aces = take(take(take(full_shoe(1), 1), 1), 10)
    assert a.decisions(aces, 10, 1, 1).split is not None
