"""Blackjack Monte Carlo: real shoes played by the basic-strategy chart, in numba.

Blackjack is a strategy, not a chain of bets: the kernel plays each hand by the chart that
:func:`crupier.analysis.blackjack.basic_strategy` computes for the profile in force (hard,
soft and pair rows by the dealer's up card; "double, else hit"), under the profile's rules:
decks, the separator and the burn, the European deal (no hole card: a dealer blackjack takes
every stake, doubles and splits included, unless ``enhc_lose_original_only``), the dealer
standing or hitting on soft 17, the doubling totals, splits (resplits, split aces taking one
card), blackjack paid at the profile's ratio. One box, heads-up, every round to the
separator.

The total-dependent chart leaves out the few composition-dependent exceptions the exact
analysis plays, so the simulated edge sits within a few thousandths of a point of the exact
one; a test checks it inside the interval.

>>> from crupier.games.blackjack.profile import load_builtin
>>> arrays = chart_arrays_from_rows(
...     {t: "S" * 10 if t >= 17 else "H" * 10 for t in range(5, 20)},
...     {t: "S" * 10 for t in range(13, 21)}, {v: "H" * 10 for v in range(1, 11)})
>>> result = play_blackjack(load_builtin(), arrays, hands=2_000, seed=1)
>>> result.hands >= 2_000
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.simulate import _jit

STAND, HIT, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
_CODE = {"S": STAND, "H": HIT, "D": DOUBLE, "P": SPLIT, "R": SURRENDER}
_UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)

ChartArrays = tuple[npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.int8]]


def chart_arrays_from_rows(
    hard: dict[int, str], soft: dict[int, str], pairs: dict[int, str]
) -> ChartArrays:
    """The chart's rows (letters by up card 2..10, A) as arrays indexed [total][up 1..10]."""
    h = np.full((32, 11), HIT, dtype=np.int8)
    h[17:, :] = STAND
    s = np.full((32, 11), HIT, dtype=np.int8)
    s[19:, :] = STAND
    p = np.full((11, 11), -1, dtype=np.int8)  # -1: play the pair as its total
    for table, rows in ((h, hard), (s, soft)):
        for total, row in rows.items():
            for up, letter in zip(_UP_ORDER, row, strict=True):
                table[total, up] = _CODE[letter]
    for value, row in pairs.items():
        for up, letter in zip(_UP_ORDER, row, strict=True):
            p[value, up] = _CODE[letter]
    return h, s, p


def chart_arrays(profile: Any) -> ChartArrays:
    """The basic-strategy chart of ``profile`` (computed by the exact analysis)."""
    from crupier.analysis.blackjack import basic_strategy
    from crupier.games.blackjack.par import analysis_of

    chart = basic_strategy(analysis_of(profile)["analysis"])  # the PAR sheet's, computed once
    return chart_arrays_from_rows(chart.hard, chart.soft, chart.pairs)


def _points(hard: int, ace: bool) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


def _player_py(
    order: npt.NDArray[np.int8],
    pos: int,
    up: int,
    hard: npt.NDArray[np.int64],
    ace: npt.NDArray[np.bool_],
    ncards: npt.NDArray[np.int64],
    bet: npt.NDArray[np.int64],
    split_from: npt.NDArray[np.bool_],
    first: npt.NDArray[np.int64],
    hard_chart: npt.NDArray[np.int8],
    soft_chart: npt.NDArray[np.int8],
    pair_chart: npt.NDArray[np.int8],
    rules: npt.NDArray[np.int64],
) -> tuple[int, int]:
    """Play the box's hands by the chart from its two cards (``order[pos]``, the up card,
    ``order[pos + 2]``: the European deal), the hands' cards, stakes and origin left in the
    arrays; returns (the next card's position, the number of hands). ``rules`` as
    :func:`_play_shoe_py` reads them."""
    das = rules[5] == 1
    max_hands = rules[6]
    resplit_aces = rules[7] == 1
    aces_one = rules[8] == 1
    any_two = rules[10] == 1
    p1 = order[pos]
    p2 = order[pos + 2]
    pos += 3
    natural = (p1 == 1 and p2 == 10) or (p1 == 10 and p2 == 1)
    hands = 1
    hard[0] = p1 + p2
    ace[0] = p1 == 1 or p2 == 1
    ncards[0] = 2
    bet[0] = 1
    split_from[0] = False
    first[0] = p1
    i = 0
    while not natural and i < hands:
        if ncards[i] == 1:  # a split hand takes its second card
            c = order[pos]
            pos += 1
            hard[i] += c
            ace[i] = ace[i] or c == 1
            ncards[i] = 2
            if first[i] == 1 and aces_one:
                i += 1
                continue
        while True:
            total = _points(hard[i], ace[i])
            if total >= 21:
                break
            action = HIT
            two = ncards[i] == 2
            pair_value = first[i] if two and hard[i] == 2 * first[i] else 0
            if two and pair_value > 0 and pair_chart[pair_value, up] == SPLIT:
                can = max_hands == 0 or hands < max_hands
                if pair_value == 1 and split_from[i] and not resplit_aces:
                    can = False
                if can and hands < 15:
                    # the second card becomes a new hand, played after this one
                    for k in range(hands, i + 1, -1):
                        hard[k] = hard[k - 1]
                        ace[k] = ace[k - 1]
                        ncards[k] = ncards[k - 1]
                        bet[k] = bet[k - 1]
                        split_from[k] = split_from[k - 1]
                        first[k] = first[k - 1]
                    hard[i + 1] = pair_value
                    ace[i + 1] = pair_value == 1
                    ncards[i + 1] = 1
                    bet[i + 1] = 1
                    split_from[i + 1] = True
                    first[i + 1] = pair_value
                    hards = pair_value
                    hard[i] = hards
                    ace[i] = pair_value == 1
                    ncards[i] = 1
                    split_from[i] = True
                    hands += 1
                    c = order[pos]
                    pos += 1
                    hard[i] += c
                    ace[i] = ace[i] or c == 1
                    ncards[i] = 2
                    if pair_value == 1 and aces_one:
                        break
                    continue
            if ace[i] and hard[i] + 10 <= 21:
                action = soft_chart[total, up]
            else:
                action = hard_chart[total, up]
            if action == SPLIT:
                action = hard_chart[total, up] if not ace[i] else soft_chart[total, up]
                if action == SPLIT:
                    action = HIT
            if action == DOUBLE:
                allowed = two and (das or not split_from[i])
                if allowed and not any_two:
                    soft_hand = ace[i] and hard[i] + 10 <= 21
                    if soft_hand and rules[4] != 1:
                        allowed = False
                    elif soft_hand:
                        allowed = (
                            (hard[i] == 9 and rules[1] == 1)
                            or (hard[i] == 10 and rules[2] == 1)
                            or (hard[i] == 11 and rules[3] == 1)
                            or (total == 9 and rules[1] == 1)
                            or (total == 10 and rules[2] == 1)
                            or (total == 11 and rules[3] == 1)
                        )
                    else:
                        allowed = (
                            (total == 9 and rules[1] == 1)
                            or (total == 10 and rules[2] == 1)
                            or (total == 11 and rules[3] == 1)
                        )
                if allowed:
                    c = order[pos]
                    pos += 1
                    hard[i] += c
                    ace[i] = ace[i] or c == 1
                    ncards[i] += 1
                    bet[i] = 2
                    break
                action = HIT
            if action == STAND or action == SURRENDER:  # noqa: SIM109 - numba-compiled
                break
            c = order[pos]
            pos += 1
            hard[i] += c
            ace[i] = ace[i] or c == 1
            ncards[i] += 1
        i += 1
    return pos, hands


def _competes_py(
    hands: int,
    hard: npt.NDArray[np.int64],
    ace: npt.NDArray[np.bool_],
    natural: bool,
    rules: npt.NDArray[np.int64],
) -> bool:
    """True if some hand competes (spec 03: not busted, and not a blackjack unless the
    profile counts it): the croupier takes his second card and draws only then."""
    for k in range(hands):
        if _points(hard[k], ace[k]) <= 21 and (rules[11] == 1 or not natural):
            return True
    return False


def _dealer_py(
    order: npt.NDArray[np.int8], pos: int, up: int, compete: bool, rules: npt.NDArray[np.int64]
) -> tuple[int, int, bool]:
    """The croupier's hand on ``up``: his second card and his drawing rule (``rules[0]``:
    he hits soft 17) while a hand competes, else his up card alone; returns (the next
    card's position, his points, a blackjack)."""
    h17 = rules[0] == 1
    dhard = up
    dace = up == 1
    dealer_bj = False
    if compete:
        d2 = order[pos]
        pos += 1
        dhard = up + d2
        dace = up == 1 or d2 == 1
        dealer_bj = (up == 1 and d2 == 10) or (up == 10 and d2 == 1)
    if compete and not dealer_bj:
        while True:
            dt = _points(dhard, dace)
            soft17 = dt == 17 and dace and dhard + 10 == 17
            if dt > 17 or (dt == 17 and not (h17 and soft17)):
                break
            c = order[pos]
            pos += 1
            dhard += c
            dace = dace or c == 1
    return pos, _points(dhard, dace), dealer_bj


def _settle_py(
    hands: int,
    hard: npt.NDArray[np.int64],
    ace: npt.NDArray[np.bool_],
    bet: npt.NDArray[np.int64],
    natural: bool,
    dt: int,
    dealer_bj: bool,
    rules: npt.NDArray[np.int64],
    bj_pay: float,
) -> float:
    """The net result per unit of the original bet of the box's hands against a croupier's
    hand of ``dt`` points (a blackjack: ``dealer_bj``); ``rules[9]``: his blackjack takes
    the original bet only."""
    orig_only = rules[9] == 1
    net = 0.0
    if natural:
        net = 0.0 if dealer_bj else bj_pay
    elif dealer_bj:
        for k in range(hands):
            net -= 1.0 if orig_only else float(bet[k])
        if orig_only:
            net = -1.0
    else:
        for k in range(hands):
            pt = _points(hard[k], ace[k])
            if pt > 21:
                net -= bet[k]
            elif dt > 21 or pt > dt:
                net += bet[k]
            elif pt < dt:
                net -= bet[k]
    return net


def _play_shoe_py(
    order: npt.NDArray[np.int8],
    start: int,
    stop_at: int,
    hard_chart: npt.NDArray[np.int8],
    soft_chart: npt.NDArray[np.int8],
    pair_chart: npt.NDArray[np.int8],
    rules: npt.NDArray[np.int64],
    bj_pay: float,
    stats: npt.NDArray[np.float64],
    limit: int,
) -> None:
    """Play one shoe (card values 1..10 in ``order``) from ``start`` while the separator is
    in; add (hands, sum, sum of squares, wins) to ``stats``. ``rules``: [h17, double 9,
    double 10, double 11, double soft, DAS, max split hands (0: no limit), resplit aces,
    split aces one card, lose original only, double any two, a blackjack competes (the
    dealer draws for it)]. The dealer takes his second card and draws only while some hand
    competes, as the engine's croupier does."""
    n = order.shape[0]
    pos = start
    hard = np.zeros(16, dtype=np.int64)
    ace = np.zeros(16, dtype=np.bool_)
    ncards = np.zeros(16, dtype=np.int64)
    bet = np.zeros(16, dtype=np.int64)
    split_from = np.zeros(16, dtype=np.bool_)
    first = np.zeros(16, dtype=np.int64)
    while pos <= stop_at and pos + 30 < n and stats[0] < limit:
        up = order[pos + 1]
        natural = order[pos] + order[pos + 2] == 11 and (order[pos] == 1 or order[pos + 2] == 1)
        pos, hands = _player(
            order, pos, up, hard, ace, ncards, bet, split_from, first,
            hard_chart, soft_chart, pair_chart, rules,
        )  # fmt: skip
        compete = _competes(hands, hard, ace, natural, rules)
        pos, dt, dealer_bj = _dealer(order, pos, up, compete, rules)
        net = _settle(hands, hard, ace, bet, natural, dt, dealer_bj, rules, bj_pay)
        stats[0] += 1
        stats[1] += net
        stats[2] += net * net
        if net > 0:
            stats[3] += 1


def _inlined(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` compiled to be inlined where a compiled loop calls it (a call per round would
    cost the loop a third of its speed)."""
    try:
        from numba import njit
    except ImportError:  # pragma: no cover - numba is a dependency
        return fn
    compiled: Callable[..., Any] = njit(cache=True, nogil=True, inline="always")(fn)
    return compiled


_points = _jit(_points)
_player = _inlined(_player_py)
_competes = _inlined(_competes_py)
_dealer = _inlined(_dealer_py)
_settle = _inlined(_settle_py)
play_shoe = _jit(_play_shoe_py)


def _shuffle_py(deck: npt.NDArray[np.int8], u: npt.NDArray[np.float64]) -> npt.NDArray[np.int8]:
    order = deck.copy()
    for i in range(order.shape[0] - 1, 0, -1):
        j = int(u[i - 1] * (i + 1))
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    return order


shuffle = _jit(_shuffle_py)


def _rules_array(profile: Any) -> npt.NDArray[np.int64]:
    r = profile.rules
    totals = set(r.double_totals)
    any_two = set(range(4, 22)) <= totals
    return np.array(
        [
            int(r.dealer_hits_soft_17), int(9 in totals), int(10 in totals), int(11 in totals),
            int(r.double_soft), int(r.double_after_split), int(r.max_split_hands),
            int(r.resplit_aces), int(r.split_aces_one_card), int(r.enhc_lose_original_only),
            int(any_two), int(r.blackjack_is_competitor),
        ],
        dtype=np.int64,
    )  # fmt: skip


@dataclass(frozen=True)
class BlackjackRun:
    """The simulated main bet: rounds played, mean net per round and its deviation."""

    hands: int
    mean: float
    std_dev: float
    win_rate: float
    sums: npt.NDArray[np.float64]
    """(hands, sum, sum of squares, wins): added batch by batch."""

    @property
    def std_error(self) -> float:
        """Standard error of the mean."""
        return self.std_dev / math.sqrt(self.hands)


def check_supported(profile: Any) -> None:
    """Refuse rules the kernel does not play (it sees card values, not ranks)."""
    r = profile.rules
    if str(r.hole_card) != "none" or str(r.surrender) != "none" or not r.split_ten_values:
        raise ValueError(
            "the blackjack kernel plays the European game without surrender, splitting any two "
            "ten-value cards; simulate other rule sets with the engine (benchmarks/blackjack.py)"
        )


def play_blackjack(
    profile: Any, arrays: ChartArrays, hands: int, seed: int | np.random.SeedSequence
) -> BlackjackRun:
    """Play ``hands`` rounds (whole shoes, to the separator) by the chart ``arrays``."""
    check_supported(profile)
    shoe = profile.shoe
    deck = np.array(
        [min(r, 10) for r in range(1, 14) for _ in range(4 * shoe.decks)], dtype=np.int8
    )
    total = deck.shape[0]
    stop_at = total - shoe.cards_below_stop
    rules = _rules_array(profile)
    bj = float(Fraction(profile.payouts.blackjack))
    stats = np.zeros(4, dtype=np.float64)
    sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    rng = np.random.Generator(np.random.PCG64(sequence))
    hard, soft, pair = arrays
    while stats[0] < hands:
        block = rng.random((64, total - 1))
        for row in block:
            order = shuffle(deck, row)
            play_shoe(order, shoe.burn_at_start, stop_at, hard, soft, pair, rules, bj, stats, hands)
            if stats[0] >= hands:
                break
    n = int(stats[0])
    mean = stats[1] / n
    return BlackjackRun(
        n, mean, math.sqrt(max(stats[2] / n - mean * mean, 0.0)), stats[3] / n, stats.copy()
    )
