"""Exact blackjack analysis with card removal: the dealer's totals, the value of every
decision, the basic-strategy chart and the house edge, for the rules of a profile.

A shoe is a *composition*: how many cards of each point value remain, ace first
(``comp[0]`` aces, ``comp[1]`` twos ... ``comp[9]`` ten-value cards). Every figure is an
exact expectation over the cards left, each card drawn removed from what follows:

* :meth:`BlackjackAnalysis.dealer` — the distribution of the dealer's final hand (17, 18,
  19, 20, 21, blackjack, bust) for an up card and a composition, drawing by the profile's
  rule; with a US hole card (``rules.hole_card = "peek"``) and an ace or ten up, the
  distribution given that the dealer has no blackjack.
* :meth:`BlackjackAnalysis.decisions` — the expected value of standing, hitting, doubling,
  splitting, surrendering (where the profile allows it) on a two-card hand, per unit of
  the original bet, the later decisions of the hand each taken to maximise the expectation
  for the exact cards then left (composition-dependent play).
* :meth:`BlackjackAnalysis.insurance` — the insurance bet.

**How splits are computed.** Each hand of a split is valued from the composition with the
up card and every pair card split so far removed, its own cards removed as it draws; the
other split hands' non-pair cards are *not* removed (the usual approximation, the one Wizard
of Odds' Appendix 9 states: "only considered how many hands the player had already split").
Resplitting to ``rules.max_split_hands`` hands (no limit: as many as pair cards remain) is
followed under that approximation: the hands draw their second cards in turn; a pair card
drawn (where a resplit is allowed) opens one more hand and is removed from every hand's
composition from then on (up to :data:`SPLIT_DEPTH` resplits; the probability of each
further resplit is still exact). Everything else (stand, hit, double, insurance, dealer
probabilities) is exact, and is checked against brute-force enumeration of every card order
on small shoes by the tests.

Arithmetic is in floats (``exact=False``, fast) or in fractions (``exact=True``).

>>> from crupier.games.blackjack.profile import load_builtin
>>> a = BlackjackAnalysis(load_builtin(), exact=True)
>>> a.insurance() == Fraction(-23, 311)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, Generic, TypeVar

import numpy as np

from crupier.analysis.blackjack_fast import FloatKernel
from crupier.games.blackjack.profile import BlackjackProfile, HoleCard, Surrender
from crupier.games.blackjack.rules import can_double_total, dealer_draws

Comp = tuple[int, ...]
"""Cards left by point value: aces, twos ... nines, ten-values."""

OUTCOMES = ("17", "18", "19", "20", "21", "blackjack", "bust")
BJ, BUST = 5, 6
ACTIONS = ("stand", "hit", "double", "split", "surrender")
LETTER = {"stand": "S", "hit": "H", "double": "D", "split": "P", "surrender": "R"}

N = TypeVar("N", float, Fraction)

SPLIT_DEPTH = 3
"""Resplits whose pair cards are removed from a split hand's composition; beyond it (a
fourth resplit of one pair, rare) the hand is valued on the composition of the third."""


def full_shoe(decks: int) -> Comp:
    """The composition of ``decks`` full 52-card packs.

    >>> full_shoe(1)
    (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
    """
    return (*(4 * decks for _ in range(9)), 16 * decks)


def take(comp: Comp, v: int) -> Comp:
    """``comp`` less one card of value ``v`` (1 = ace ... 10).

    >>> take((1, 0, 0, 0, 0, 0, 0, 0, 0, 2), 10)
    (1, 0, 0, 0, 0, 0, 0, 0, 0, 1)
    """
    i = v - 1
    if comp[i] <= 0:
        raise ValueError(f"no card of value {v} left")
    return (*comp[:i], comp[i] - 1, *comp[i + 1 :])


def points(hard: int, ace: bool) -> int:
    """The best total of a hand of hard total ``hard`` holding an ace or not."""
    return hard + 10 if ace and hard <= 11 else hard


@dataclass(frozen=True)
class Decisions(Generic[N]):
    """The value of each decision on one two-card hand (``None``: not allowed)."""

    stand: N
    hit: N
    double: N | None
    split: N | None
    surrender: N | None
    natural: bool = False

    def best(self) -> tuple[str, N]:
        """The best action and its value (a natural stands)."""
        options: list[tuple[str, N]] = [("stand", self.stand)]
        if not self.natural:
            options.append(("hit", self.hit))
            for name in ("double", "split", "surrender"):
                v = getattr(self, name)
                if v is not None:
                    options.append((name, v))
        return max(options, key=lambda item: item[1])


class BlackjackAnalysis(Generic[N]):
    """The exact analyser for one profile's rules (see the module docstring)."""

    def __init__(self, profile: BlackjackProfile, *, exact: bool = False) -> None:
        self.profile: BlackjackProfile = profile
        r = profile.rules
        self.exact: bool = exact
        self.h17: bool = r.dealer_hits_soft_17
        self.peek: bool = r.hole_card is HoleCard.PEEK
        self.bj_pay: Any = self._num(profile.payouts.blackjack)
        self.win: Any = self._num(profile.payouts.win)
        self.lose_all: bool = not r.enhc_lose_original_only
        self.zero: Any = Fraction(0) if exact else 0.0
        self.one: Any = Fraction(1) if exact else 1.0
        self._dealer_memo: dict[tuple[Comp, int, bool, bool, bool], list[Any]] = {}
        self._stand_memo: dict[tuple[Comp, int], tuple[list[Any], Any]] = {}
        self._hit_memo: dict[tuple[Comp, int, int, bool, int, int], Any] = {}
        # Triple Joc's own BlackJack rules (spec 21, its profile's [play] section): only
        # aces split, six cards that do not pass 21 paid at once
        play = getattr(profile, "play", None)
        self.aces_only: bool = bool(play is not None and play.split_aces_only)
        six = None if play is None else play.six_cards
        self.six_ratio: Fraction | None = six
        self.six: Any = None if six is None else self._num(six)
        self._fast: FloatKernel | None = None
        if not exact:
            self._fast = FloatKernel(
                {up: _dealer_groups(up, self.h17) for up in range(1, 11)},
                {up: self._conditioned(up) for up in range(1, 11)},
                float(self.win),
                None if six is None else float(six),
            )

    def _num(self, value: Fraction) -> Any:
        return value if self.exact else float(value)

    def _p(self, n: int, d: int) -> Any:
        return Fraction(n, d) if self.exact else n / d

    # -- the dealer ----------------------------------------------------------------------

    def _conditioned(self, up: int) -> bool:
        return self.peek and up in (1, 10)

    def dealer(self, comp: Comp, up: int) -> list[Any]:
        """Probabilities of the dealer's final hand (:data:`OUTCOMES` order) holding ``up``,
        drawing from ``comp`` (the up card already out of it). With a peeked hole card and an
        ace or ten up, given no dealer blackjack.

        >>> from crupier.games.blackjack.profile import load_builtin
        >>> a = BlackjackAnalysis(load_builtin(), exact=True)
        >>> d = a.dealer(take(full_shoe(1), 10), 10)
        >>> d[BJ] == Fraction(4, 51), sum(d) == 1
        (True, True)
        """
        if self._fast is not None:
            result: list[Any] = self._fast.table(comp, up)[:7].tolist()
            return result
        return self._dealer(comp, up, up == 1, True, self._conditioned(up))

    def _dealer(self, comp: Comp, hard: int, ace: bool, first: bool, no_bj: bool) -> list[Any]:
        key = (comp, hard, ace, first, no_bj)
        memo = self._dealer_memo.get(key)
        if memo is not None:
            return memo
        out = [self.zero] * 7
        n = sum(comp)
        weights = list(comp)
        if first and no_bj and hard in (1, 10):
            # the hole card is known not to make a blackjack
            weights[9 if hard == 1 else 0] = 0
            n = sum(weights)
        for i, count in enumerate(weights):
            if not count:
                continue
            v = i + 1
            p = self._p(count, n)
            nh, na = hard + v, ace or v == 1
            t = points(nh, na)
            if first and t == 21:
                out[BJ] += p
                continue
            if t > 21:
                out[BUST] += p
                continue
            soft = na and nh <= 11
            if dealer_draws(t, soft, hits_soft_17=self.h17):
                sub = self._dealer(take(comp, v), nh, na, False, False)
                for k in range(7):
                    if sub[k]:
                        out[k] += p * sub[k]
            else:
                out[t - 17] += p
        self._dealer_memo[key] = out
        return out

    # -- standing -------------------------------------------------------------------------

    def _stand_table(self, comp: Comp, up: int) -> tuple[list[Any], Any]:
        """For ``comp`` and ``up``: the value of standing on 16 or less, 17, ... 21 per unit
        staked over the dealer's non-blackjack outcomes (index 0 for 16 or less, then 1-5),
        and the probability of a dealer blackjack; computed once per composition."""
        if self._fast is not None:
            t = self._fast.table(comp, up)
            return t[7:13].tolist(), float(t[13])
        key = (comp, up)
        found = self._stand_memo.get(key)
        if found is not None:
            return found
        d = self.dealer(comp, up)
        win = self.win
        values = []
        for total in (16, 17, 18, 19, 20, 21):
            value = d[BUST] * win
            for k in range(5):
                t = 17 + k
                if total > t:
                    value += d[k] * win
                elif total < t:
                    value -= d[k]
            values.append(value)
        found = (values, d[BJ])
        self._stand_memo[key] = found
        return found

    def _stand_parts(self, comp: Comp, up: int, total: int) -> tuple[Any, Any]:
        """(value on the dealer's non-blackjack outcomes per unit staked, P(dealer BJ))."""
        values, pbj = self._stand_table(comp, up)
        return values[max(total, 16) - 16], pbj

    def _stand(self, comp: Comp, up: int, total: int, stake: int, bj_loss: int) -> Any:
        if self._fast is not None:
            return self._fast.stand(comp, up, total, stake, bj_loss)
        if total > 21:
            return -stake * self.one
        values, pbj = self._stand_table(comp, up)
        value = values[total - 16] if total > 16 else values[0]
        return stake * value - bj_loss * pbj if bj_loss else stake * value

    # -- hitting ---------------------------------------------------------------------------

    def _hit(self, comp: Comp, up: int, hard: int, ace: bool, bj_loss: int, cards: int = 2) -> Any:
        """Take one card on a hand of ``cards`` cards, then play on (hit or stand) to
        maximise the value; stake 1. A sixth card that does not pass 21 is paid at once
        where the profile says so (``play.six_cards``)."""
        if self._fast is not None:
            return self._fast.hit(comp, up, hard, ace, bj_loss, cards)
        key = (comp, up, hard, ace, bj_loss, cards)
        memo = self._hit_memo.get(key)
        if memo is not None:
            return memo
        n = sum(comp)
        out = self.zero
        for i, count in enumerate(comp):
            if not count:
                continue
            v = i + 1
            p = self._p(count, n)
            nh, na = hard + v, ace or v == 1
            t = points(nh, na)
            nc = take(comp, v)
            if t > 21:
                out -= p
                continue
            if self.six is not None and cards + 1 == 6:
                out += p * self.six
                continue
            best = self._stand(nc, up, t, 1, bj_loss)
            if t < 21:
                h = self._hit(nc, up, nh, na, bj_loss, cards + 1)
                if h > best:
                    best = h
            out += p * best
        self._hit_memo[key] = out
        return out

    def _play(self, comp: Comp, up: int, hard: int, ace: bool, bj_loss: int) -> Any:
        """Stand or hit, whichever is better, stake 1."""
        t = points(hard, ace)
        best = self._stand(comp, up, t, 1, bj_loss)
        if t < 21:
            h = self._hit(comp, up, hard, ace, bj_loss)
            if h > best:
                best = h
        return best

    def _double(self, comp: Comp, up: int, hard: int, ace: bool, bj_loss: int) -> Any:
        if self._fast is not None:
            return self._fast.double(comp, up, hard, ace, bj_loss)
        n = sum(comp)
        out = self.zero
        for i, count in enumerate(comp):
            if not count:
                continue
            v = i + 1
            t = points(hard + v, ace or v == 1)
            out += self._p(count, n) * self._stand(take(comp, v), up, t, 2, bj_loss)
        return out

    def _double_loss(self, origin: bool) -> int:
        if self.peek:
            return 0
        return 2 if self.lose_all else (1 if origin else 0)

    def _bj_loss(self, origin: bool) -> int:
        if self.peek:
            return 0
        return 1 if self.lose_all or origin else 0

    def _may_double(self, c1: int, c2: int) -> bool:
        r = self.profile.rules
        return can_double_total([c1, c2], r.double_totals, r.double_soft)

    # -- splitting -----------------------------------------------------------------------------

    def _split(self, comp: Comp, up: int, pair: int) -> Any:
        """The value of splitting ``pair`` (both cards and the up card out of ``comp``), per
        unit of the original bet (all hands together), as the module docstring says."""
        r = self.profile.rules
        aces = pair == 1
        one_card = aces and r.split_aces_one_card
        may_resplit = not aces or r.resplit_aces
        cap = r.max_split_hands or 2 + comp[pair - 1]
        das = r.double_after_split and not aces
        loss1 = self._bj_loss(False) if self.lose_all else 0
        loss2 = self._double_loss(False) if self.lose_all else 0

        bases = [comp]  # the composition after j more pair cards (j resplits)
        for _ in range(comp[pair - 1]):
            bases.append(take(bases[-1], pair))

        @cache
        def finish(j: int, c: int) -> Any:
            """A split hand (pair card, then ``c``) played out from ``j`` extra pair cards
            removed (``c`` already out); past :data:`SPLIT_DEPTH` resplits the hand's
            composition stays that of the last one (the branching itself is exact)."""
            sub = take(bases[min(j, SPLIT_DEPTH)], c)
            hard, ace = pair + c, aces or c == 1
            if one_card:
                return self._stand(sub, up, points(hard, ace), 1, loss1)
            best = self._play(sub, up, hard, ace, loss1)
            if das and self._may_double(pair, c):
                d = self._double(sub, up, hard, ace, loss2)
                if d > best:
                    best = d
            return best

        if self._fast is not None:
            top = len(bases) - 1
            table = [
                [finish(j, i + 1) if bases[j][i] else 0.0 for i in range(10)]
                for j in range(min(top, SPLIT_DEPTH) + 1)
            ]
            rows = [table[min(j, SPLIT_DEPTH)] for j in range(top + 1)]
            value = self._fast.split_branches(bases, pair, may_resplit, cap, rows)
            if not self.lose_all and not self.peek:
                value -= self.dealer(comp, up)[BJ]
            return value

        memo: dict[tuple[int, int], Any] = {}

        def f(pending: int, j: int) -> Any:
            """The value of ``pending`` hands still to draw their second card after ``j``
            resplits (so ``2 + j`` hands in all)."""
            if pending == 0:
                return self.zero
            if (pending, j) in memo:
                return memo[pending, j]
            base = bases[j]
            n = sum(base)
            out = self.zero
            for i, count in enumerate(base):
                if not count:
                    continue
                c = i + 1
                p = self._p(count, n)
                if c == pair and may_resplit and 2 + j < cap:
                    out += p * f(pending + 1, j + 1)
                else:
                    out += p * (finish(j, c) + f(pending - 1, j))
            memo[pending, j] = out
            return out

        value = f(2, 0)
        if not self.lose_all and not self.peek:
            value -= self.dealer(comp, up)[BJ]  # only the original bet is lost
        return value

    # -- two-card hands ------------------------------------------------------------------------

    def decisions(self, comp: Comp, up: int, c1: int, c2: int) -> Decisions[Any]:
        """The value of every decision on the hand ``c1, c2`` against ``up``, drawing from
        ``comp`` (all three cards already out of it), per unit of the original bet.

        With a peeked hole card and an ace or ten up, the values include the dealer's
        blackjack (found before anyone plays: the bet alone is lost).

        >>> from crupier.games.blackjack.profile import load_builtin
        >>> a = BlackjackAnalysis(load_builtin())
        >>> comp = take(take(take(full_shoe(6), 10), 10), 5)
        >>> d = a.decisions(comp, 5, 10, 10)
        >>> d.best()[0], d.double is None
        ('stand', True)
        """
        r = self.profile.rules
        hard, ace = c1 + c2, 1 in (c1, c2)
        natural = points(hard, ace) == 21
        pbj = self.zero
        if up in (1, 10):
            pbj = self._p(comp[9] if up == 1 else comp[0], sum(comp))
        cond = self._conditioned(up)
        if natural:
            value = self.bj_pay * (1 - pbj)
            return Decisions(value, value, None, None, None, natural=True)
        stand = self._stand(comp, up, points(hard, ace), 1, self._bj_loss(True))
        hit = self._hit(comp, up, hard, ace, self._bj_loss(True))
        double = None
        if self._may_double(c1, c2):
            double = self._double(comp, up, hard, ace, self._double_loss(True))
        split = None
        if c1 == c2 and (c1 == 1 or not self.aces_only):
            split = self._split(comp, up, c1)
        surrender = None
        if r.surrender is Surrender.EARLY:
            surrender = -self.one / 2
        elif r.surrender is Surrender.LATE:
            surrender = -self.one / 2
            if not self.peek:
                surrender = (
                    -self.one / 2 * (1 - self.dealer(comp, up)[BJ]) - self.dealer(comp, up)[BJ]
                )

        def lift(x: Any) -> Any:
            return None if x is None else (1 - pbj) * x - pbj if cond else x

        early = r.surrender is Surrender.EARLY
        return Decisions(
            lift(stand),
            lift(hit),
            lift(double),
            lift(split),
            surrender if early else lift(surrender),
        )

    # -- the whole game ----------------------------------------------------------------------

    def insurance(self, comp: Comp | None = None) -> Any:
        """The insurance bet's value per unit against an ace up (``comp``: the cards left,
        the ace out; default a full shoe less the ace).

        >>> from crupier.games.blackjack.profile import load_builtin
        >>> BlackjackAnalysis(load_builtin(), exact=True).insurance(take(full_shoe(1), 1))
        Fraction(-1, 17)
        """
        if comp is None:
            comp = take(full_shoe(self.profile.shoe.decks), 1)
        pay = self._num(self.profile.payouts.insurance)
        p = self._p(comp[9], sum(comp))
        return p * pay - (1 - p)

    def hands(self, shoe: Comp | None = None) -> list[tuple[int, int, int, Any, Decisions[Any]]]:
        """Every starting situation ``(up, c1, c2, probability, decisions)`` with c1 <= c2."""
        shoe = shoe or full_shoe(self.profile.shoe.decks)
        n = sum(shoe)
        out = []
        for c1 in range(1, 11):
            for c2 in range(c1, 11):
                for up in range(1, 11):
                    try:
                        comp = take(take(take(shoe, c1), up), c2)
                    except ValueError:
                        continue
                    a = shoe[c1 - 1]
                    s1 = take(shoe, c1)
                    b = s1[up - 1]
                    s2 = take(s1, up)
                    c = s2[c2 - 1]
                    prob = self._p(a * b * c, n * (n - 1) * (n - 2))
                    if c1 != c2:
                        prob *= 2
                    out.append((up, c1, c2, prob, self.decisions(comp, up, c1, c2)))
        return out

    def expected_value(self, shoe: Comp | None = None) -> Any:
        """The player's expectation per unit of main bet, each hand played by its best
        decision (the chart and its composition-dependent exceptions)."""
        return sum((p * d.best()[1] for _u, _a, _b, p, d in self.hands(shoe)), self.zero)


_STEPS = np.arange(16, dtype=np.float64)


@cache
def _dealer_groups(up: int, h17: bool) -> tuple[Any, Any, Any, Any, Any, int]:
    """Every way the dealer's hand can go from ``up``, grouped by the cards drawn: the
    counts drawn of each value (rows), how many cards, the outcome index and how many
    ordered sequences share them."""
    found: dict[tuple[int, ...], list[int]] = {}

    def walk(hard: int, ace: bool, first: bool, drawn: list[int]) -> None:
        for v in range(1, 11):
            drawn[v - 1] += 1
            nh, na = hard + v, ace or v == 1
            t = points(nh, na)
            if first and t == 21:
                result = BJ
            elif t > 21:
                result = BUST
            elif dealer_draws(t, na and nh <= 11, hits_soft_17=h17):
                walk(nh, na, False, drawn)
                drawn[v - 1] -= 1
                continue
            else:
                result = t - 17
            entry = found.setdefault(tuple(drawn), [0, result])
            entry[0] += 1
            drawn[v - 1] -= 1

    walk(up, up == 1, True, [0] * 10)
    keys = list(found)
    width = max(max(k) for k in keys) + 1
    flat: list[int] = []
    starts: list[int] = []
    for k in keys:
        starts.append(len(flat))
        flat.extend(v * width + r for v, r in enumerate(k) if r)
    lengths = np.array([sum(k) for k in keys], dtype=np.int64)
    outcome = np.array([found[k][1] for k in keys], dtype=np.int64)
    mult = np.array([found[k][0] for k in keys], dtype=np.float64)
    return np.array(flat), np.array(starts), lengths, outcome, mult, width


# -- the basic-strategy chart -----------------------------------------------------------------


@dataclass(frozen=True)
class Chart:
    """The basic-strategy chart: rows of letters by dealer up card 2..10, A, and the
    two-card hands whose best play differs from their row."""

    hard: dict[int, str]
    soft: dict[int, str]
    pairs: dict[int, str]
    exceptions: list[tuple[str, int, str, str]]
    """(hand, up card, row's action, the hand's own best action)."""

    def text(self) -> str:
        """The chart as plain text."""
        lines = ["hard   2 3 4 5 6 7 8 9 T A"]
        for t in sorted(self.hard):
            lines.append(f"{t:>4}   " + " ".join(self.hard[t]))
        lines.append("soft   2 3 4 5 6 7 8 9 T A")
        for t in sorted(self.soft):
            lines.append(f"A,{t - 11:<2}   " + " ".join(self.soft[t]))
        lines.append("pair   2 3 4 5 6 7 8 9 T A")
        for v in sorted(self.pairs, key=lambda x: (x == 1, x)):
            name = "A" if v == 1 else ("T" if v == 10 else str(v))
            lines.append(f"{name},{name:<2}   " + " ".join(self.pairs[v]))
        lines.append("S stand  H hit  D double (else hit)  P split  R surrender")
        if self.exceptions:
            lines.append("composition-dependent exceptions (two-card hands):")
            for hand, up, row, own in self.exceptions:
                u = "A" if up == 1 else ("T" if up == 10 else str(up))
                lines.append(f"  {hand} v {u}: {own} (row says {row})")
        return "\n".join(lines)


UP_ORDER = (2, 3, 4, 5, 6, 7, 8, 9, 10, 1)


def basic_strategy(analysis: BlackjackAnalysis[Any]) -> Chart:
    """The total-dependent chart for two-card hands (each row's action maximises the value
    summed over the hands of that total, weighted by their probability) and the two-card
    hands whose own best action differs."""
    rows: dict[tuple[str, int, int], dict[str, Any]] = {}
    own: list[tuple[str, int, int, int, str]] = []
    for up, c1, c2, p, d in analysis.hands():
        if d.natural:
            continue
        if c1 == c2:
            key = ("pair", c1, up)
        elif c1 == 1:
            key = ("soft", 11 + c2, up)
        else:
            key = ("hard", c1 + c2, up)
        acc = rows.setdefault(key, {})
        for name in ACTIONS:
            v = getattr(d, name)
            if v is None:
                continue
            acc[name] = acc.get(name, 0) + p * v
        own.append((key[0], key[1], up, c1 * 100 + c2, d.best()[0]))
    best_of: dict[tuple[str, int, int], str] = {
        k: max(v.items(), key=lambda kv: kv[1])[0] for k, v in rows.items()
    }
    tables: dict[str, dict[int, str]] = {"hard": {}, "soft": {}, "pair": {}}
    for kind in tables:
        totals = sorted({k[1] for k in best_of if k[0] == kind})
        for t in totals:
            tables[kind][t] = "".join(LETTER[best_of[(kind, t, u)]] for u in UP_ORDER)
    exceptions = []
    for kind, t, up, code, best in own:
        row = best_of[(kind, t, up)]
        if best != row:
            a, b = divmod(code, 100)
            name = "-".join("A" if x == 1 else ("T" if x == 10 else str(x)) for x in (a, b))
            exceptions.append((name, up, LETTER[row], LETTER[best]))
    return Chart(tables["hard"], tables["soft"], tables["pair"], exceptions)


def house_edge(profile: BlackjackProfile) -> float:
    """The house edge of the main bet under the best play, as a fraction of the bet.

    >>> from crupier.games.blackjack.profile import load_builtin, variant
    >>> one_deck = variant(load_builtin(), decks=1, max_split_hands=2)
    >>> 0.0 < house_edge(one_deck) < house_edge(variant(one_deck, dealer_hits_soft_17=True))
    True
    """
    return -float(BlackjackAnalysis(profile).expected_value())


Numeric = Callable[[int, int], Any]

__all__ = [
    "BJ",
    "BUST",
    "OUTCOMES",
    "BlackjackAnalysis",
    "Chart",
    "Comp",
    "Decisions",
    "basic_strategy",
    "full_shoe",
    "house_edge",
    "take",
]


# -- the distribution of the main bet's result --------------------------------------------------


def _add(out: dict[Fraction, float], dist: dict[Fraction, float], weight: float) -> None:
    for k, v in dist.items():
        out[k] = out.get(k, 0.0) + weight * v


class Distribution:
    """The distribution of the main bet's net result per unit, each hand played as
    :meth:`BlackjackAnalysis.decisions` finds best (floats). A split hand counts at its
    expected value (a point mass): the split hands' own spread is left out of the standard
    deviation, their mean is kept exactly."""

    def __init__(self, analysis: BlackjackAnalysis[Any]) -> None:
        if analysis.exact:
            raise ValueError("the distribution is computed in floats")
        self.a = analysis
        self._memo: dict[tuple[Comp, int, int, bool, int, int], dict[Fraction, float]] = {}

    def stand(
        self, comp: Comp, up: int, total: int, stake: int, loss: int
    ) -> dict[Fraction, float]:
        """The result of standing on ``total`` with ``stake`` units (``loss`` lost to a
        dealer blackjack)."""
        if total > 21:
            return {Fraction(-stake): 1.0}
        d = self.a.dealer(comp, up)
        win = d[BUST] + sum(d[k] for k in range(5) if 17 + k < total)
        push = sum(d[k] for k in range(5) if 17 + k == total)
        lose = sum(d[k] for k in range(5) if 17 + k > total)
        out: dict[Fraction, float] = {}
        for k, v in (
            (Fraction(stake) * self.a.profile.payouts.win, win),
            (Fraction(0), push),
            (Fraction(-stake), lose),
            (Fraction(-loss), d[BJ]),
        ):
            if v:
                out[k] = out.get(k, 0.0) + v
        return out

    def play(
        self, comp: Comp, up: int, hard: int, ace: bool, loss: int, cards: int = 2
    ) -> dict[Fraction, float]:
        """Stand or hit on a hand of ``cards`` cards, whichever :class:`BlackjackAnalysis`
        values more (six cards paid at once where the profile says so)."""
        key = (comp, up, hard, ace, loss, cards)
        if key in self._memo:
            return self._memo[key]
        t = points(hard, ace)
        a = self.a
        if a.six_ratio is not None and cards == 6 and t <= 21:
            out = {a.six_ratio: 1.0}
        elif t >= 21 or a._stand(comp, up, t, 1, loss) >= a._hit(comp, up, hard, ace, loss, cards):
            out = self.stand(comp, up, t, 1, loss)
        else:
            out = {}
            n = sum(comp)
            for i, count in enumerate(comp):
                if count:
                    v = i + 1
                    nh, na = hard + v, ace or v == 1
                    sub = (
                        {Fraction(-1): 1.0}
                        if points(nh, na) > 21
                        else self.play(take(comp, v), up, nh, na, loss, cards + 1)
                    )
                    _add(out, sub, count / n)
        self._memo[key] = out
        return out

    def hand(self, comp: Comp, up: int, c1: int, c2: int) -> dict[Fraction, float]:
        """The result of the hand ``c1, c2`` played by its best decision."""
        a = self.a
        d = a.decisions(comp, up, c1, c2)
        action, value = d.best()
        hard, ace = c1 + c2, 1 in (c1, c2)
        pbj = 0.0
        if up in (1, 10):
            pbj = (comp[9] if up == 1 else comp[0]) / sum(comp)
        if d.natural:
            return {Fraction(a.profile.payouts.blackjack): 1 - pbj, Fraction(0): pbj}
        if action == "surrender" and (
            a.profile.rules.surrender is Surrender.EARLY or not a._conditioned(up)
        ):
            if a.profile.rules.surrender is Surrender.EARLY or a.peek:
                return {Fraction(-1, 2): 1.0}
            return {Fraction(-1, 2): 1 - pbj, Fraction(-1): pbj}
        out: dict[Fraction, float] = {}
        if action == "split":
            out = {Fraction(value): 1.0}
            return out
        if action == "surrender":
            inner: dict[Fraction, float] = {Fraction(-1, 2): 1.0}
        elif action == "stand":
            inner = self.stand(comp, up, points(hard, ace), 1, a._bj_loss(True))
        elif action == "hit":
            inner = {}
            n = sum(comp)
            for i, count in enumerate(comp):
                if count:
                    v = i + 1
                    nh, na = hard + v, ace or v == 1
                    sub = (
                        {Fraction(-1): 1.0}
                        if points(nh, na) > 21
                        else self.play(take(comp, v), up, nh, na, a._bj_loss(True), 3)
                    )
                    _add(inner, sub, count / n)
        else:
            inner = {}
            n = sum(comp)
            for i, count in enumerate(comp):
                if count:
                    v = i + 1
                    sub = self.stand(
                        take(comp, v), up, points(hard + v, ace or v == 1), 2, a._double_loss(True)
                    )
                    _add(inner, sub, count / n)
        if a._conditioned(up):
            _add(out, inner, 1 - pbj)
            _add(out, {Fraction(-1): 1.0}, pbj)
            return out
        return inner

    def total(self) -> dict[Fraction, float]:
        """The whole game's distribution of the main bet's net result."""
        out: dict[Fraction, float] = {}
        shoe = full_shoe(self.a.profile.shoe.decks)
        for up, c1, c2, p, _d in self.a.hands(shoe):
            comp = take(take(take(shoe, c1), up), c2)
            _add(out, self.hand(comp, up, c1, c2), float(p))
        return out
