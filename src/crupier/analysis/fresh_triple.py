"""Fresh packs for Triple Joc (spec 21): one freshly shuffled 52-card deck per round, dealt
card by card in the table's order (the player's Repte card, the croupier's, the player's
second card, his draws, the croupier's draws, the poker top-up).

The PAR model (:mod:`crupier.games.triple_play.par`) has the Repte and the poker exact and
the BlackJack bet from the exact card-removal analyser. This module deals the cards instead
and plays the BlackJack hand by the chart of that same analysis
(:func:`~crupier.games.triple_play.par.chart_of`, read through
:func:`~crupier.analysis.blackjack_sim.chart_action`: one copy of the decisions), never
insuring, as :func:`~crupier.games.triple_play.par.simulate` plays it through the engine. The
Repte and the poker are settled by the engine's own rules
(:func:`~crupier.games.triple_play.engine.repte_resolution`,
:func:`~crupier.games.triple_play.engine.poker_resolution`).

A test deals the same decks through this kernel and through the engine and compares every
settlement to the cent.

>>> from crupier.games import load_profile
>>> from crupier.games.triple_play.par import chart_of
>>> profile = load_profile("triple-play")
>>> nets = triple_rounds(profile, chart_of(profile), np.random.default_rng(1), 200)
>>> sorted(nets), all(len(v) == 200 for v in nets.values())
(['blackjack', 'poker', 'repte'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numba
import numpy as np
import numpy.typing as npt

from crupier.analysis.blackjack_sim import ChartRows, Estimate, chart_action
from crupier.analysis.fresh_packs import deal_packs
from crupier.analysis.simulate import OutcomeSpace
from crupier.core.cards import Card
from crupier.core.resolution import Lose, Refund, Resolution, Win
from crupier.games.blackjack.rules import can_double_total, is_natural, total, values
from crupier.games.triple_play.engine import poker_resolution, repte_resolution
from crupier.games.triple_play.profile import TriplePlayProfile

BETS = ("repte", "blackjack", "poker")
"""The three bets of a place, as the PAR sheet names them."""


def net_of(res: Resolution) -> Fraction:
    """The net per unit staked of a resolution.

    >>> net_of(Win(Fraction(3, 2))), net_of(Lose()), net_of(Refund(Fraction(1, 2)))
    (Fraction(3, 2), Fraction(-1, 1), Fraction(-1, 2))
    """
    if isinstance(res, Win):
        return Fraction(res.ratio)
    if isinstance(res, Refund):
        return Fraction(res.fraction) - 1
    if isinstance(res, Lose):
        return Fraction(-1)
    raise ValueError(f"a Triple Joc bet does not stay: {res!r}")


def _decide(vals: list[int], up: int, split: bool, chart: ChartRows, p: TriplePlayProfile) -> str:
    """The chart's action, as :func:`~crupier.analysis.blackjack_sim.decide` makes it legal
    (a double not allowed hits; a pair that may not be split is played by its total)."""
    rules = p.rules

    def legal(wanted: str) -> str:
        if wanted == "double":
            ok = len(vals) == 2 and can_double_total(vals, rules.double_totals, rules.double_soft)
            return "double" if ok and not split else "hit"
        if wanted == "split":
            return "split" if len(vals) == 2 and vals == [1, 1] and not split else ""
        return wanted

    action = legal(chart_action(vals, up, chart))
    if action == "":
        action = legal(chart_action(vals, up, ChartRows(chart.hard, chart.soft, {})))
    return action or "hit"


@dataclass(frozen=True)
class TripleRound:
    """A round dealt from one deck: the player's BlackJack hands (two after a split of aces),
    the croupier's hand, the six poker cards and each bet's net per unit of its stake."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: tuple[Card, ...]
    poker: tuple[Card, ...]
    nets: dict[str, Fraction]


def play_deck(deck: Sequence[Card], profile: TriplePlayProfile, chart: ChartRows) -> TripleRound:
    """One round dealt from ``deck`` in order (see the module docstring)."""
    it = iter(deck)
    mine, up_card, second = next(it), next(it), next(it)
    out = {"repte": net_of(repte_resolution(mine, up_card, profile))}
    up = min(up_card.rank.pips, 10)
    six = profile.play.six_cards
    # hands: (cards, stake, split, settled net or None)
    hands: list[list[Card]] = [[mine, second]]
    stakes = [1]
    split = False
    paid: dict[int, Fraction] = {}
    natural = is_natural(values(hands[0]))
    i = 0
    while not natural and i < len(hands):
        hand = hands[i]
        while True:
            vals = values(hand)
            if total(vals)[0] >= 21 or (split and vals[0] == 1):
                break
            action = _decide(vals, up, split, chart, profile)
            if action == "stand":
                break
            if action == "split":
                split = True
                hands = [[hand[0], next(it)], [hand[1]]]
                stakes = [1, 1]
                hand = hands[0]
                continue
            hand.append(next(it))
            if action == "double":
                stakes[i] = 2
                break
            if six is not None and len(hand) == 6 and total(values(hand))[0] <= 21:
                paid[i] = Fraction(six)
                break
        i += 1
        if split and i == 1:
            hands[1].append(next(it))
    compete = [j for j, h in enumerate(hands) if j not in paid and total(values(h))[0] <= 21]
    dealer = [up_card]
    if compete:
        dealer.append(next(it))
        while total(values(dealer))[0] < 17:
            dealer.append(next(it))
    d_points, d_nat = total(values(dealer))[0], is_natural(values(dealer))
    bj = Fraction(0)
    for j, hand in enumerate(hands):
        points = total(values(hand))[0]
        if j in paid:
            bj += paid[j]
        elif points > 21:
            bj -= stakes[j]
        elif natural:
            bj += 0 if d_nat else Fraction(profile.payouts.blackjack)
        elif d_nat or (d_points <= 21 and d_points > points):
            bj -= stakes[j]
        elif d_points > 21 or points > d_points:
            bj += stakes[j] * Fraction(profile.payouts.win)
    out["blackjack"] = bj
    held = [c for h in hands for c in h]
    held += [next(it) for _ in range(max(0, 6 - len(held)))]
    out["poker"] = net_of(poker_resolution(held, profile)[0])
    return TripleRound(tuple(map(tuple, hands)), tuple(dealer), tuple(held), out)


def triple_rounds(
    profile: TriplePlayProfile, chart: ChartRows, rng: np.random.Generator, size: int
) -> dict[str, list[Fraction]]:
    """``size`` rounds, each from a freshly shuffled deck: every bet's net per unit."""
    from crupier.analysis.fresh_packs import deal_packs
    from crupier.core.poker.batch import card

    nets: dict[str, list[Fraction]] = {b: [] for b in BETS}
    for row in deal_packs(rng, size, 52).tolist():
        for bet, net in play_deck([card(i) for i in row], profile, chart).nets.items():
            nets[bet].append(net)
    return nets


def estimates(profile: TriplePlayProfile, rounds: int, seed: int) -> dict[str, Estimate]:
    """Every bet's mean net per unit over ``rounds`` fresh decks (``numpy``'s PCG64 seeded
    with ``seed``), the BlackJack played by the PAR's chart.

    >>> from crupier.games import load_profile
    >>> found = estimates(load_profile("triple-play"), 100, 1)
    >>> sorted(found), found["repte"].samples
    (['blackjack', 'poker', 'repte'], 100)
    """
    from crupier.games.triple_play.par import chart_of

    nets = triple_rounds(
        profile, chart_of(profile), np.random.Generator(np.random.PCG64(seed)), rounds
    )
    out = {}
    for bet, values_ in nets.items():
        x = np.array([float(v) for v in values_])
        out[bet] = Estimate.from_sums(rounds, float(x.sum()), float((x * x).sum()))
    return out


# -- the compiled deal: the same play, read from tables built by the play above -------------

STAND, HIT, DOUBLE, SPLIT = 0, 1, 2, 3
_CODE = {"stand": STAND, "hit": HIT, "double": DOUBLE, "split": SPLIT}


def decision_tables(
    profile: TriplePlayProfile, chart: ChartRows
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The kernel's decisions as tables, each cell read from :func:`_decide` (one copy):
    ``two[a, b, up]`` for a two-card hand of values ``a``, ``b`` (1 for an ace, 10 a ten
    value) and ``many[points, soft, up]`` for three cards or more."""
    two = np.zeros((11, 11, 11), dtype=np.int8)
    many = np.zeros((32, 2, 11), dtype=np.int8)
    for up in range(1, 11):
        for a in range(1, 11):
            for b in range(1, 11):
                two[a, b, up] = _CODE[_decide([a, b], up, False, chart, profile)]
        for points in range(4, 22):  # past two cards the play reads only the total
            many[points, 0, up] = _CODE[_decide([points, 0, 0], up, False, chart, profile)]
            if points >= 12:
                soft = [1, points - 11, 0]
                many[points, 1, up] = _CODE[_decide(soft, up, False, chart, profile)]
    return two, many


@numba.njit(cache=True, nogil=True)
def _value(i: int) -> int:
    r = i // 4
    return 1 if r == 12 else min(r + 2, 10)


@numba.njit(cache=True, nogil=True)
def _points(vals: npt.NDArray[np.int64], n: int) -> tuple[int, int]:
    hard, ace = 0, 0
    for k in range(n):
        hard += vals[k]
        ace |= vals[k] == 1
    if ace and hard + 10 <= 21:
        return hard + 10, 1
    return hard, 0


@numba.njit(cache=True, nogil=True)
def _play_rows(
    rows: npt.NDArray[np.int32],
    two: npt.NDArray[np.int8],
    many: npt.NDArray[np.int8],
    six_pays: bool,
    out: npt.NDArray[np.int64],
    held: npt.NDArray[np.uint8],
) -> None:  # pragma: no cover - compiled; checked round for round against play_deck
    """Per round: ``out`` = (player's Repte rank, croupier's, BlackJack net in half units);
    ``held`` the six poker cards (the batch evaluator's indices)."""
    for r in range(rows.shape[0]):
        row = rows[r]
        pos = 3
        up = _value(row[1])
        cards = np.empty((2, 12), dtype=np.int64)
        vals = np.empty((2, 12), dtype=np.int64)
        size = np.zeros(2, dtype=np.int64)
        stake = np.ones(2, dtype=np.int64)
        paid = np.zeros(2, dtype=np.int64)
        cards[0, 0], cards[0, 1] = row[0], row[2]
        vals[0, 0], vals[0, 1] = _value(row[0]), _value(row[2])
        size[0] = 2
        hands = 1
        natural = (vals[0, 0] + vals[0, 1]) == 11 and (vals[0, 0] == 1 or vals[0, 1] == 1)
        i = 0
        while not natural and i < hands:
            while True:
                pts, soft = _points(vals[i], size[i])
                if pts >= 21 or (hands == 2 and vals[i, 0] == 1):
                    break
                n = size[i]
                act = two[vals[i, 0], vals[i, 1], up] if n == 2 else many[pts, soft, up]
                if act == 0:
                    break
                if act == 3:
                    hands = 2
                    cards[1, 0], vals[1, 0], size[1] = cards[0, 1], vals[0, 1], 1
                    cards[0, 1], vals[0, 1] = row[pos], _value(row[pos])
                    pos += 1
                    continue
                cards[i, n], vals[i, n] = row[pos], _value(row[pos])
                pos += 1
                size[i] = n + 1
                if act == 2:
                    stake[i] = 2
                    break
                if six_pays and n + 1 == 6 and _points(vals[i], 6)[0] <= 21:
                    paid[i] = 1
                    break
            i += 1
            if hands == 2 and i == 1:
                cards[1, 1], vals[1, 1], size[1] = row[pos], _value(row[pos]), 2
                pos += 1
        compete = False
        for j in range(hands):
            if paid[j] == 0 and _points(vals[j], size[j])[0] <= 21:
                compete = True
        dv = np.empty(16, dtype=np.int64)
        dv[0], dn = up, 1
        if compete:
            dv[1], dn, pos = _value(row[pos]), 2, pos + 1
            while _points(dv, dn)[0] < 17:
                dv[dn], dn, pos = _value(row[pos]), dn + 1, pos + 1
        d_pts = _points(dv, dn)[0]
        d_nat = dn == 2 and d_pts == 21
        net = 0
        for j in range(hands):
            pts = _points(vals[j], size[j])[0]
            if paid[j]:
                net += 2
            elif pts > 21:
                net -= 2 * stake[j]
            elif natural:
                net += 0 if d_nat else 3
            elif d_nat or (d_pts <= 21 and d_pts > pts):
                net -= 2 * stake[j]
            elif d_pts > 21 or pts > d_pts:
                net += 2 * stake[j]
        out[r, 0], out[r, 1], out[r, 2] = row[0] // 4, row[1] // 4, net
        k = 0
        for j in range(hands):
            for c in range(size[j]):
                held[r, k] = cards[j, c]
                k += 1
        while k < 6:
            held[r, k] = row[pos]
            k += 1
            pos += 1


def deal_triple(
    profile: TriplePlayProfile, rng: np.random.Generator, size: int
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``size`` rounds from fresh decks, compiled: the decks (the batch evaluator's indices),
    per round (player's Repte rank, croupier's, BlackJack net in half units; ranks 0 for a
    two, 12 for an ace) and the poker class ``score >> 16`` of the six cards."""
    from crupier.core.poker.batch import score_batch
    from crupier.games.triple_play.par import chart_of

    if profile.payouts.blackjack != Fraction(3, 2) or profile.play.six_cards not in (None, 1):
        raise ValueError("the compiled deal pays a natural 3 to 2 and six cards 1 to 1")
    two, many = decision_tables(profile, chart_of(profile))
    rows = deal_packs(rng, size, 52)
    out = np.empty((size, 3), dtype=np.int64)
    held = np.empty((size, 6), dtype=np.uint8)
    _play_rows(rows, two, many, profile.play.six_cards is not None, out, held)
    classes = (score_batch(held) >> 16).astype(np.int64)
    return rows, out, classes


def triple_outcomes(
    space: OutcomeSpace, profile: TriplePlayProfile, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds dealt from fresh decks (:func:`deal_triple`), as indices into the
    outcomes of ``space``: the Repte's pair of ranks, the BlackJack's net or the poker's
    class of the six cards, as its bet is."""
    from crupier.core.cards import Card

    _rows, out, classes = deal_triple(profile, rng, size)
    where = {o: i for i, o in enumerate(space.outcomes)}
    bet = space.bets[0].bet_id
    if bet == "repte":
        rank = [Card.parse(f"{r}s").rank for r in "23456789TJQKA"]
        table = np.full((13, 13), -1, dtype=np.int32)
        for a in range(13):
            for b in range(13):
                table[a, b] = where.get((rank[a], rank[b]), -1)
        found = table[out[:, 0], out[:, 1]]
    elif bet == "blackjack":
        nets = np.full(9, -1, dtype=np.int32)
        for half in range(-4, 5):
            nets[half + 4] = where.get(Fraction(half, 2), -1)
        found = nets[out[:, 2] + 4]
    else:
        by_class = np.full(256, -1, dtype=np.int32)
        for key in range(256):
            by_class[key] = where.get((key >> 4, key & 15), -1)
        found = by_class[classes]
    if found.size and int(found.min()) < 0:  # a result the PAR's distribution lacks: a bug
        raise ValueError("a dealt round has no outcome in the PAR model")
    return found.astype(np.int32)


__all__ = [
    "BETS",
    "TripleRound",
    "deal_triple",
    "decision_tables",
    "estimates",
    "net_of",
    "play_deck",
    "triple_outcomes",
    "triple_rounds",
]
