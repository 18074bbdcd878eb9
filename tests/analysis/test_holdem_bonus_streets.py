"""Texas Hold'em Bonus's Turn and River bets valued exactly (spec 22: each one Ante, paid 1 to
1 when the player's hand beats the croupier's, returned on a tie), the optimal decisions they
give, and the sheet's strategy reconciled with Wizard of Odds' optimal house edge."""

from __future__ import annotations

import itertools
from fractions import Fraction

from crupier.analysis.holdem_bonus_streets import (
    RIVER_SHOWDOWNS,
    river_value,
    sample_deals,
    shortfall,
    street_values,
    turn_value,
)
from crupier.analysis.holdem_kernel import (
    HOLDEM_BONUS,
    decisions,
    holdem_bonus_table,
    play_rounds,
)
from crupier.core.cards import Card, cards, standard_deck
from crupier.core.poker.batch import indices
from crupier.core.poker.masks import best_key
from crupier.games import holdem_bonus as thb

PACK = standard_deck()
WIZARD_OPTIMAL = 2.037
"""Wizard of Odds, "Texas Hold'em Bonus": the house edge under optimal strategy, Las Vegas
rules (the Ante paid 1 to 1 from a straight, else returned; Flop bet 2 Antes, Turn and River
1; ties push; the croupier always plays), in % of the Ante."""


def test_a_river_value_is_the_plain_count_of_every_showdown() -> None:
    # an independent count with the scalar evaluator: every River card, every croupier pair
    hole, board = cards("Kh 7d"), cards("Kc 7s 2c 9d")
    unseen = [c for c in PACK if c not in hole + board]
    won = lost = 0
    for river in unseen:
        mine = best_key([*hole, *board, river])
        rest = [c for c in unseen if c != river]
        for pair in itertools.combinations(rest, 2):
            his = best_key([*pair, *board, river])
            won += mine > his
            lost += mine < his
    assert won + lost <= RIVER_SHOWDOWNS == 46 * 990
    assert river_value(hole, board) == Fraction(won - lost, RIVER_SHOWDOWNS)


def test_a_turn_value_is_the_mean_of_its_river_values() -> None:
    # the Turn bet's showdowns are the River bet's after each Turn card, each counted twice
    hole, flop = cards("Ah 9h"), cards("Kh 4h Jc")
    unseen = [c for c in PACK if c not in hole + flop]
    mean = sum((river_value(hole, [*flop, t]) for t in unseen), Fraction(0)) / len(unseen)
    assert turn_value(hole, flop) == mean


def test_values_do_not_depend_on_the_suits_names() -> None:
    swap = str.maketrans("shdc", "hscd")
    hole, board = cards("Qs Jh"), cards("Ts 9s 2d 2c")
    renamed = [Card.parse(str(c).translate(swap)) for c in hole + board]
    assert river_value(hole, board) == river_value(renamed[:2], renamed[2:])


def test_sure_and_hopeless_bets() -> None:
    assert river_value(cards("As Ks"), cards("Qs Js Ts 2d")) == 1  # the royal flush
    assert turn_value(cards("As Ks"), cards("Qs Js Ts")) == 1
    # four to the royal flush on the board: the Ts ties everyone, any spade lets the croupier
    # hold the royal flush's last card or a better flush; the player's 2-3 never wins
    assert -1 < river_value(cards("2c 3d"), cards("As Ks Qs Js")) < 0


def test_the_fold_list_is_the_optimal_one() -> None:
    # Wizard of Odds' two-card values under optimal play (Las Vegas rules): 2-3 -1.156,
    # 2-4 -1.092, 2-5 -1.020, 2-6 -1.047, 2-7 -1.031 unsuited, below the Ante lost by a fold;
    # 2-8 unsuited -0.896 and every other hand above it: fold exactly the first five
    table = holdem_bonus_table(thb.load_builtin())
    holes = list(itertools.combinations(PACK, 2))
    rows = [[a, b, *[c for c in PACK if c not in (a, b)][:7]] for a, b in holes]
    plays = decisions(indices(rows), table)[:, 0].tolist()
    folded = {
        (*sorted((a.rank, b.rank), key="23456789TJQKA".index), a.suit == b.suit)
        for (a, b), play in zip(holes, plays, strict=True)
        if not play
    }
    assert folded == {("2", h, False) for h in "34567"}
    assert plays.count(0) == 60  # 5 ranks x 12 offsuit combinations


def test_the_strategy_bets_where_the_exact_value_is_positive() -> None:
    # worked situations, the exact value deciding: (cards, Turn bet?, River bet?)
    table = holdem_bonus_table(thb.load_builtin())
    for deal in (
        "Kh 7d 2s 3s Kc 7s 2c 9d 4h",  # two pairs with both cards
        "Ah Qd 2s 3s Qc 8s 4d 9h Th",  # top pair, ace kicker
        "8c 3d 2s 4s Ah Kd Qs 9d 5h",  # nothing against three high cards
    ):
        row = indices([cards(deal)])
        values = street_values(row)[0]
        plays, turn, river = decisions(row, table)[0].tolist()
        assert plays == 1
        assert (turn, river) == (int(values[0] > 0), int(values[1] > 0)), deal


def test_a_bet_the_lines_miss_is_counted_in_the_shortfall() -> None:
    # the ace-high flush draw: the Turn bet (four of a suit) is right; on the River the draw
    # alone is still worth a bet here, which the lines (no pair, an unpaired board) check
    row = indices([cards("As 9s 2h 3h Ks 4s Jc 2d Th")])
    table = holdem_bonus_table(thb.load_builtin())
    turn, river = street_values(row)[0].tolist()
    assert turn > 0 and river > 0
    assert decisions(row, table)[0].tolist() == [1, 1, 0]
    missed = shortfall(table, indices([cards("As 9s 2h 3h Ks 4s Jc 2d Th")] * 2))
    assert missed.turn.mean == 0 and missed.river.mean == 100 * river


def _edge(table: object, deals: int, seed: int) -> tuple[float, float]:
    found = play_rounds(table, deals, seed)  # type: ignore[arg-type]
    mean = found.pair_sum / deals
    var = found.pair_sum2 / deals - mean * mean
    return -100 * mean, 196 * (var / deals) ** 0.5


def test_the_sheets_edge_less_its_shortfall_is_the_published_optimal_edge() -> None:
    # edge(strategy) - shortfall(strategy) estimates the optimal edge (the fold list being the
    # optimal one); both the sheet's lines and How's lines must land on Wizard of Odds' 2.037 %
    rows = sample_deals(1_500, seed=5)
    values = street_values(rows)
    lines = holdem_bonus_table(thb.load_builtin())
    for table in (lines, lines.using(HOLDEM_BONUS)):
        edge, half = _edge(table, 3_000_000, seed=6)
        lost = shortfall(table, rows, values)
        width = (half**2 + lost.both.half_width**2) ** 0.5
        assert abs(edge - lost.both.mean - WIZARD_OPTIMAL) < width, (edge, lost)
    # the sheet's lines give up less than How's on the Turn and the River
    assert (
        shortfall(lines, rows, values).both.mean
        < shortfall(lines.using(HOLDEM_BONUS), rows, values).both.mean
    )
