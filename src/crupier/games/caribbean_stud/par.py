"""The exact PAR model of stud poker (Caribbean stud): the Ante with its second bet under the
optimal raise/fold rule for every player hand and every dealer up card, and the insurance and
carrousel under the same rule — every one of the 2,598,960 x 47 x 163,185 deals (about
2 x 10^13) counted, none sampled.

How the count is made small enough for seconds:

* **Suit symmetry of the player's hand.** Relabelling the suits changes nothing, so each of the
  134,459 classes of five-card hands under the 24 suit permutations is analysed once, weighted
  by its size. Each class is played against each of the 47 up cards left.
* **The dealer's hands by rank class.** Against a player hand and an up card, the dealer's four
  hidden cards are counted by their ranks: the ways to draw a multiset of four ranks from the
  cards left is a product of binomials, and every hand of those ranks has the same score but
  for the flushes. The counts (not qualified, player higher, tie, dealer higher) depend only on
  the player's ranks, the up card's rank and the player's score: they are tabulated once for
  the 6,175 rank multisets x 13 up ranks (1,820 four-rank multisets each).
* **The flushes apart.** A dealer flush is five cards of the up card's suit: four ranks of that
  suit that neither the player holds nor the up card is. For each up rank and each set of
  ranks the player holds in that suit, the non-flush and flush scores of those hands are kept
  sorted; a few binary searches move them from their non-flush class to their flush class.

The player's scores come from the batch evaluator
(:func:`~crupier.core.poker.batch.score_batch`), the dealer's from the very
:func:`~crupier.core.poker.masks.score_suits` it compiles, both compiled with numba; the nets
from the engine's own :func:`~.showdown.ante_net` and :func:`~.showdown.second_net`. Every
(player hand, up card) pair is checked to count exactly C(46, 4) dealer hands.

Card purchase and the progressive are not on the sheet: the first changes the hand (its
strategy is another analysis) and the second pays a share of a meter that the sheet cannot know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb, lcm
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from crupier.core.cards import Card
from crupier.core.poker import Category
from crupier.core.poker.batch import every_hand, score_batch
from crupier.core.poker.batch import index as batch_index
from crupier.core.poker.masks import score_suits
from crupier.core.resolution import Resolution, Stay, Win
from crupier.games.caribbean_stud.profile import StudProfile
from crupier.games.caribbean_stud.showdown import (
    ante_net,
    as_resolution,
    carrousel_net,
    insurance_net,
    qualifier_score,
    second_net,
)
from crupier.i18n import N_, Message
from crupier.i18n.hands import hand_name

HANDS = comb(52, 5)
DEALER = comb(46, 4)
"""The dealer's hidden hands against one player hand and up card."""
DEALS = HANDS * 47 * DEALER
RANKS = "23456789TJQKA"

I64 = npt.NDArray[np.int64]

_jit = numba.njit(cache=True, nogil=True)
_score = _jit(score_suits)

# -- tables of rank multisets ----------------------------------------------------------------


def _multisets(size: int) -> I64:
    """Every multiset of ``size`` ranks (0-12), as rows of ranks in rising order."""
    rows: list[tuple[int, ...]] = [()]
    for _ in range(size):
        rows = [(*r, x) for r in rows for x in range((r[-1] if r else 0), 13)]
    return np.array(rows, dtype=np.int64)


def _nonflush_score(counts: I64) -> Any:  # pragma: no cover (compiled)
    """The score of a hand of these rank counts, its suits spread so that it is no flush."""
    s0 = s1 = s2 = s3 = 0
    for r in range(13):
        c = counts[r]
        if c >= 1:
            s0 |= 1 << r
        if c >= 2:
            s1 |= 1 << r
        if c >= 3:
            s2 |= 1 << r
        if c >= 4:
            s3 |= 1 << r
    if s1 == 0:  # five different ranks: move the lowest to another suit
        low = s0 & -s0
        s0 ^= low
        s1 = low
    return _score(s0, s1, s2, s3)


_nonflush = _jit(_nonflush_score)


def _classify(d: int, s: int, q: int, out: I64, k: int) -> None:  # pragma: no cover
    """Add ``k`` to the class of a dealer score ``d`` against the player's ``s``: 0 the
    dealer does not qualify, 1 the player is higher, 2 a tie, 3 the dealer is higher."""
    if d < q:
        out[0] += k
    elif d < s:
        out[1] += k
    elif d == s:
        out[2] += k
    else:
        out[3] += k


_classify_jit = _jit(_classify)


def _base_table(ms5: I64, m4: I64, q: int, base: I64, player: I64) -> None:  # pragma: no cover
    """``base[i, u, f]``: the dealer's hands counted by class, as if none were a flush, for
    the player's rank multiset ``ms5[i]``, the up card's rank ``u`` and the player's score
    ``player[i, f]`` (f = 1: the player's five ranks as a flush).

    The dealer's score depends only on the four hidden ranks and the up rank, so it is
    computed once per (up rank, four-rank multiset); each multiset's distinct ranks and
    their multiplicities are listed once, so the ways to draw it are a product over at most
    four ranks."""
    binom = np.array([[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0],
                      [1, 4, 6, 4, 1]])  # fmt: skip
    n4 = m4.shape[0]
    ranks = np.zeros((n4, 4), dtype=np.int64)
    mult = np.zeros((n4, 4), dtype=np.int64)
    distinct_n = np.zeros(n4, dtype=np.int64)
    dealer = np.zeros((13, n4), dtype=np.int64)
    hand = np.zeros(13, dtype=np.int64)
    for j in range(n4):
        hand[:] = 0
        for t in range(4):
            hand[m4[j, t]] += 1
        k = 0
        for r in range(13):
            if hand[r]:
                ranks[j, k] = r
                mult[j, k] = hand[r]
                k += 1
        distinct_n[j] = k
        for u in range(13):
            if hand[u] == 4:
                dealer[u, j] = -1  # five of a rank: never drawn (its ways are 0)
                continue
            hand[u] += 1
            dealer[u, j] = _nonflush(hand)
            hand[u] -= 1
    counts = np.zeros(13, dtype=np.int64)
    avail = np.zeros(13, dtype=np.int64)
    for i in range(ms5.shape[0]):
        counts[:] = 0
        for j in range(5):
            counts[ms5[i, j]] += 1
        if counts.max() > 4:
            player[i, 0] = -1
            continue
        player[i, 0] = _nonflush(counts)
        distinct = counts.max() == 1
        if distinct:
            s0 = 0
            for r in range(13):
                if counts[r]:
                    s0 |= 1 << r
            player[i, 1] = _score(s0, 0, 0, 0)
        else:
            player[i, 1] = -1
        for u in range(13):
            if counts[u] == 4:
                continue
            for r in range(13):
                avail[r] = 4 - counts[r]
            avail[u] -= 1
            for j in range(n4):
                ways = 1
                for t in range(distinct_n[j]):
                    a = avail[ranks[j, t]]
                    m = mult[j, t]
                    if m > a:
                        ways = 0
                        break
                    ways *= binom[a, m]
                if ways == 0:
                    continue
                d = dealer[u, j]
                _classify_jit(d, player[i, 0], q, base[i, u, 0], ways)
                if distinct:
                    _classify_jit(d, player[i, 1], q, base[i, u, 1], ways)


def _flush_lists(offsets: I64, sizes: I64, nonflush: I64, flush: I64) -> None:  # pragma: no cover
    """For each up rank ``u`` and set ``e`` of ranks the player holds in the up card's suit
    (``offsets[u, e]``, ``sizes[u, e]``): the scores of the dealer's possible flushes, as
    non-flush hands (``nonflush``) and as flushes (``flush``), each list sorted."""
    at = 0
    for u in range(13):
        for e in range(8192):
            if e & (1 << u):
                continue
            pop = 0
            for r in range(13):
                pop += (e >> r) & 1
            if pop > 5:
                continue
            offsets[u, e] = at
            free = 8191 & ~e & ~(1 << u)
            start = at
            for a in range(13):
                if not free & (1 << a):
                    continue
                for b in range(a + 1, 13):
                    if not free & (1 << b):
                        continue
                    for c in range(b + 1, 13):
                        if not free & (1 << c):
                            continue
                        for d in range(c + 1, 13):
                            if not free & (1 << d):
                                continue
                            ranks = (1 << a) | (1 << b) | (1 << c) | (1 << d) | (1 << u)
                            low = ranks & -ranks
                            nonflush[at] = _score(ranks ^ low, low, 0, 0)
                            flush[at] = _score(ranks, 0, 0, 0)
                            at += 1
            sizes[u, e] = at - start
            nonflush[start:at] = np.sort(nonflush[start:at])
            flush[start:at] = np.sort(flush[start:at])


def _sorted_classes(  # pragma: no cover (compiled)
    d: I64, lo: int, n: int, s: int, q: int, sign: int, out: I64
) -> None:
    """Add ``sign`` x the classes of the sorted scores ``d[lo:lo + n]`` to ``out``
    (compiled; see :func:`_classify`)."""
    seg = d[lo : lo + n]
    nq = int(np.searchsorted(seg, q))
    below = int(np.searchsorted(seg, s))
    upto = int(np.searchsorted(seg, s, side="right"))
    out[0] += sign * nq
    out[1] += sign * max(0, below - nq)
    out[2] += sign * max(0, upto - max(below, nq))
    out[3] += sign * (n - max(upto, nq))


_sorted_classes_jit = _jit(_sorted_classes)


def _canonical(  # pragma: no cover (compiled)
    hands: npt.NDArray[np.uint8], perms: I64, out: npt.NDArray[np.uint64]
) -> None:
    """The least 52-bit mask of each hand under the 24 relabellings of the suits (compiled)."""
    for i in range(hands.shape[0]):
        best = np.uint64(0xFFFFFFFFFFFFFFFF)
        for p in range(perms.shape[0]):
            m = np.uint64(0)
            for j in range(5):
                c = hands[i, j]
                m |= np.uint64(1) << np.uint64(13 * perms[p, c % 4] + c // 4)
            if m < best:
                best = m
        out[i] = best


def _pair_counts(  # pragma: no cover (compiled)
    suits: I64,
    ms: int,
    s: int,
    u: int,
    base: I64,
    offsets: I64,
    sizes: I64,
    nonflush: I64,
    flush: I64,
    q: int,
    counts: I64,
) -> None:
    """``counts``: the dealer's hidden hands by class against a player hand (its rank sets per
    suit ``suits``, rank multiset ``ms``, score ``s``) and the up card ``u``."""
    ur, us = u // 4, u % 4
    cat = s >> 20
    is_flush = 1 if cat == 5 or cat >= 8 else 0
    for t in range(4):
        counts[t] = base[ms, ur, is_flush, t]
    e = suits[us]
    lo, n = offsets[ur, e], sizes[ur, e]
    _sorted_classes_jit(nonflush, lo, n, s, q, -1, counts)
    _sorted_classes_jit(flush, lo, n, s, q, 1, counts)


_pair_counts_jit = _jit(_pair_counts)


def _decide(
    reps: npt.NDArray[np.uint8],
    weights: I64,
    scores: npt.NDArray[np.int32],
    ms_index: I64,
    base: I64,
    offsets: I64,
    sizes: I64,
    nonflush: I64,
    flush: I64,
    q: int,
    values: I64,
    fold: int,
    raised: I64,
    folded: I64,
    by_up: I64,
) -> int:  # pragma: no cover (compiled)
    """Every class of player hands against every up card: the counts of the dealer's hidden
    hands by class, the raise's value against the fold's, the better taken. Adds to
    ``raised[category, class]`` (weighted dealer hands), ``folded[category]`` (weighted
    folds), ``by_up[rank] = (weighted raises, weighted folds, value sum)``; returns how many
    (hand, up card) pairs did not count C(46, 4) dealer hands (0)."""
    bad = 0
    counts = np.zeros(4, dtype=np.int64)
    suits = np.zeros(4, dtype=np.int64)
    key = np.zeros(5, dtype=np.int64)
    for i in range(reps.shape[0]):
        w = weights[i]
        s = int(scores[i])
        cat = s >> 20
        suits[:] = 0
        for j in range(5):
            c = reps[i, j]
            suits[c % 4] |= 1 << (c // 4)
            key[j] = c // 4
        key.sort()
        k = 0
        for j in range(5):
            k = k * 13 + key[j]
        ms = ms_index[k]
        for u in range(52):
            ur, us = u // 4, u % 4
            if suits[us] & (1 << ur):
                continue
            _pair_counts_jit(suits, ms, s, u, base, offsets, sizes, nonflush, flush, q, counts)
            if counts[0] + counts[1] + counts[2] + counts[3] != 46 * 45 * 44 * 43 // 24:
                bad += 1
            value = 0
            for t in range(4):
                value += counts[t] * values[cat, t]
            total = (counts[0] + counts[1] + counts[2] + counts[3]) * fold
            if value >= total:
                for t in range(4):
                    raised[cat, t] += w * counts[t]
                by_up[ur, 0] += w
                by_up[ur, 2] += w * value
            else:
                folded[cat] += w
                by_up[ur, 1] += w
                by_up[ur, 2] += w * total
    return bad


_base_kernel = _jit(_base_table)
_flush_kernel = _jit(_flush_lists)
_canonical_kernel = _jit(_canonical)
_decide_kernel = _jit(_decide)


@cache
def player_classes() -> tuple[npt.NDArray[np.uint8], I64]:
    """One hand of each of the 134,459 suit classes of five-card hands, and the class sizes."""
    hands = every_hand(5)
    perms = np.array(list(permutations(range(4))), dtype=np.int64)
    canon = np.empty(hands.shape[0], dtype=np.uint64)
    _canonical_kernel(hands, perms, canon)
    _, first, sizes = np.unique(canon, return_index=True, return_counts=True)
    return hands[first], sizes.astype(np.int64)


@cache
def _tables(q: int) -> tuple[I64, I64, I64, I64, I64, I64]:
    ms5 = _multisets(5)
    m4 = _multisets(4)
    base = np.zeros((ms5.shape[0], 13, 2, 4), dtype=np.int64)
    player = np.zeros((ms5.shape[0], 2), dtype=np.int64)
    _base_kernel(ms5, m4, q, base, player)
    index = np.full(13**5, -1, dtype=np.int64)
    keys = ms5 @ (13 ** np.arange(4, -1, -1))
    index[keys] = np.arange(ms5.shape[0])
    offsets = np.zeros((13, 8192), dtype=np.int64)
    sizes = np.zeros((13, 8192), dtype=np.int64)
    nonflush = np.zeros(1_500_000, dtype=np.int64)
    flush = np.zeros(1_500_000, dtype=np.int64)
    _flush_kernel(offsets, sizes, nonflush, flush)
    return index, base, offsets, sizes, nonflush, flush


def dealer_counts(profile: StudProfile, hand: Sequence[Card], up: Card) -> tuple[int, ...]:
    """The dealer's 163,185 hidden hands against ``hand`` and the up card ``up``, by class of
    :data:`OUTCOMES` (the counts the analysis takes its decisions on).

    >>> from crupier.core.cards import cards
    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> sum(dealer_counts(load_builtin(), cards("2c 2d 7h 9s Kd"), cards("As")[0]))
    163185
    """
    q = qualifier_score(profile)
    index, base, offsets, sizes, nonflush, flush = _tables(q)
    idx = [batch_index(c) for c in hand]
    suits = np.zeros(4, dtype=np.int64)
    for c in idx:
        suits[c % 4] |= 1 << (c // 4)
    key = 0
    for r in sorted(c // 4 for c in idx):
        key = key * 13 + r
    s = int(score_batch(np.array([idx], dtype=np.uint8))[0])
    counts = np.zeros(4, dtype=np.int64)
    _pair_counts_jit(
        suits, int(index[key]), s, batch_index(up), base, offsets, sizes, nonflush, flush, q,
        counts,
    )  # fmt: skip
    return tuple(int(x) for x in counts)


# -- the analysis ----------------------------------------------------------------------------

OUTCOMES = ("not qualified", "player higher", "tie", "dealer higher")
_CASES = ((False, 1), (True, 1), (True, 0), (True, -1))


def raise_nets(profile: StudProfile, category: Category) -> tuple[Fraction, ...]:
    """The net per Ante unit (Ante and second bet) of a raised hand of ``category`` in each
    dealer class of :data:`OUTCOMES`.

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> raise_nets(load_builtin(), Category.FLUSH)
    (Fraction(1, 1), Fraction(11, 1), Fraction(0, 1), Fraction(-3, 1))
    """
    m = profile.payouts.second_bet_multiple
    return tuple(
        ante_net(profile, True, q, c) + m * second_net(profile, category, q, c) for q, c in _CASES
    )


@dataclass(frozen=True)
class AnteAnalysis:
    """The Ante under the optimal raise/fold rule, per unit of Ante."""

    distribution: tuple[tuple[Fraction, Fraction], ...]
    ev: Fraction
    raised: tuple[Fraction, ...]
    """The probability that a hand of each category is raised (over hands and up cards)."""
    by_up: tuple[tuple[int, int, Fraction], ...]
    """Per up-card rank (2..A): weighted (hand, up card) pairs raised, folded, and the EV."""
    average_bet: Fraction


_ANTE: dict[str, AnteAnalysis] = {}


def analyse(profile: StudProfile) -> AnteAnalysis:
    """The Ante's analysis for ``profile`` (computed once per profile)."""
    key = profile.model_dump_json()
    found = _ANTE.get(key)
    if found is None:
        found = _ANTE[key] = _analyse(profile)
    return found


def _analyse(profile: StudProfile) -> AnteAnalysis:
    q = qualifier_score(profile)
    index, base, offsets, sizes, nonflush, flush = _tables(q)
    reps, weights = player_classes()
    scores = score_batch(reps)
    nets = [raise_nets(profile, c) for c in Category]
    fold_net = ante_net(profile, False, True, 0)
    scale = lcm(*(x.denominator for row in nets for x in row), fold_net.denominator)
    values = np.array([[int(x * scale) for x in row] for row in nets], dtype=np.int64)
    raised = np.zeros((10, 4), dtype=np.int64)
    folded = np.zeros(10, dtype=np.int64)
    by_up = np.zeros((13, 3), dtype=np.int64)
    bad = _decide_kernel(
        reps, weights, scores, index, base, offsets, sizes, nonflush, flush, q, values,
        int(fold_net * scale), raised, folded, by_up,
    )  # fmt: skip
    if bad:
        raise AssertionError(f"{bad} (hand, up card) pairs did not count C(46, 4) dealer hands")
    dist: dict[Fraction, int] = {}
    for c in Category:
        for t in range(4):
            n = int(raised[c, t])
            if n:
                dist[nets[c][t]] = dist.get(nets[c][t], 0) + n
    dist[fold_net] = dist.get(fold_net, 0) + int(folded.sum()) * DEALER
    distribution = tuple(sorted((v, Fraction(n, DEALS)) for v, n in dist.items()))
    ev = sum((v * p for v, p in distribution), Fraction(0))
    per_category = _category_pairs()
    raised_share = tuple(
        Fraction(per_category[c] - int(folded[c]), per_category[c])
        if per_category[c]
        else Fraction(0)
        for c in Category
    )
    hands_up = HANDS * 47
    up = tuple(
        (int(r), int(f), Fraction(int(v), scale * DEALER * (r + f))) for r, f, v in by_up.tolist()
    )
    raises = sum(u[0] for u in up)
    m = profile.payouts.second_bet_multiple
    return AnteAnalysis(distribution, ev, raised_share, up, Fraction(raises * m, hands_up))


@cache
def _category_pairs() -> tuple[int, ...]:
    """(hand, up card) pairs per category of the player's hand: 47 x its hands."""
    reps, weights = player_classes()
    cats = score_batch(reps) >> 20
    return tuple(int(weights[cats == c].sum()) * 47 for c in range(10))


@cache
def category_probabilities() -> tuple[Fraction, ...]:
    """The probability of each category of the player's five cards.

    >>> category_probabilities()[Category.ROYAL_FLUSH]
    Fraction(1, 649740)
    """
    return tuple(Fraction(n, HANDS * 47) for n in _category_pairs())


def strategy(profile: StudProfile) -> str:
    """The rule the figures assume, in words."""
    a = analyse(profile)
    raised = sum(u[0] for u in a.by_up)
    return Message(STRATEGY, {"share": f"{100 * raised / (HANDS * 47):.4f}"})


STRATEGY = N_(
    "exact enumeration of the 2,598,960 x 47 x 163,185 deals; optimal rule: for every player "
    "hand and dealer up card, raise when the raise's expected result is at least the fold's "
    "({share} % of (hand, up card) pairs raised; per up card in the outcomes); no card bought; "
    "figures per unit of Ante, the second bet counted in the Ante's result"
)


# -- the chains ------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnteChain:
    """The Ante with its second bet under the optimal rule, per unit of Ante (a loss of Ante
    and second bet, -3, is carried as ``Win(-3)``)."""

    profile: StudProfile
    bet_id: str = "ante"
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Fraction, Fraction], ...]:
        return analyse(self.profile).distribution

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Fraction) -> Resolution:
        return Win(outcome) if outcome < -1 else as_resolution(outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


@dataclass(frozen=True)
class SideChain:
    """The insurance or the carrousel on the player's five cards, lost when he folds (under
    the Ante's optimal rule)."""

    profile: StudProfile
    bet_id: str
    method: str = "exact"

    def outcomes(self) -> tuple[tuple[Fraction, Fraction], ...]:
        a = analyse(self.profile)
        probs = category_probabilities()
        out: dict[Fraction, Fraction] = {}
        net = insurance_net if self.bet_id == "insurance" else carrousel_net
        for c in Category:
            kept = probs[c] * a.raised[c]
            for value, p in ((net(self.profile, c, True), kept), (Fraction(-1), probs[c] - kept)):
                if p:
                    out[value] = out.get(value, Fraction(0)) + p
        return tuple(sorted(out.items()))

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: Fraction) -> Resolution:
        return as_resolution(outcome)

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def par_chains(profile: StudProfile) -> list[AnteChain | SideChain]:
    """The Ante under the optimal rule, and the insurance and carrousel where offered.

    >>> from crupier.games.caribbean_stud.profile import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['ante', 'insurance', 'carrousel']
    """
    chains: list[AnteChain | SideChain] = [AnteChain(profile)]
    for name in ("insurance", "carrousel"):
        if getattr(profile, name).offered:
            chains.append(SideChain(profile, name))
    return chains


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def par_outcomes(profile: StudProfile) -> list[dict[str, Any]]:
    """The player's categories and the Ante's figures under the optimal rule, per up card."""
    a = analyse(profile)
    probs = category_probabilities()
    rows = [
        [hand_name(c), _exact(probs[c]), f"{float(probs[c]):.8f}",
         f"{float(a.raised[c]):.6f}"]
        for c in reversed(Category)
    ]  # fmt: skip
    up = [
        [RANKS[r], f"{raised / (raised + folded):.6f}", f"{float(ev):.6f}"]
        for r, (raised, folded, ev) in enumerate(a.by_up)
    ]
    wagered = 1 + a.average_bet
    return [
        {
            "title": N_("The player's five cards"),
            "columns": [N_("Hand"), N_("Probability"), N_("Decimal"), N_("Raised")],
            "rows": rows,
        },
        {
            "title": N_("The Ante per dealer up card under the optimal rule"),
            "columns": [N_("Up card"), N_("Hands raised"), N_("EV per Ante")],
            "rows": up,
        },
        {
            "title": N_("The Ante under the optimal rule: {rule}", rule=strategy(profile)),
            "columns": [N_("Figure"), N_("Exact"), N_("Decimal")],
            "rows": [
                [N_("EV per Ante"), _exact(a.ev), f"{float(a.ev):.6f}"],
                [N_("average wagered per Ante"), _exact(wagered), f"{float(wagered):.6f}"],
                [N_("EV per unit wagered"), _exact(a.ev / wagered), f"{float(a.ev / wagered):.6f}"],
            ],
        },
    ]
