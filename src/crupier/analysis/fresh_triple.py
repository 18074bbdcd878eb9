"""Fresh packs for Triple Joc (spec 21): one freshly shuffled 52-card deck per round, dealt
card by card in the table's order (the player's Repte card, the croupier's, the player's
second card, his draws, the croupier's draws, the poker top-up).

The PAR model (:mod:`crupier.games.triple_play.par`) has the Repte and the poker exact and
the BlackJack bet from the exact card-removal analyser. This module deals the cards instead
and plays the BlackJack hand exactly as that figure assumes (:func:`best_play`: each
decision read from the analysis that computed the figure, one table for the Python play
and the compiled deal), never insuring. The Repte and the poker are settled by the
engine's own rules
(:func:`~crupier.games.triple_play.engine.repte_resolution`,
:func:`~crupier.games.triple_play.engine.poker_resolution`).

A test deals the same decks through this kernel and through the engine and compares every
settlement to the cent.

>>> from crupier.games import load_profile
>>> profile = load_profile("triple-play")
>>> nets = triple_rounds(profile, best_play(profile), np.random.default_rng(1), 200)
>>> sorted(nets), all(len(v) == 200 for v in nets.values())
(['blackjack', 'poker', 'repte'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from crupier.analysis.blackjack_sim import Estimate
from crupier.analysis.fresh_packs import deal_packs
from crupier.analysis.simulate import OutcomeSpace
from crupier.core.cards import Card
from crupier.core.resolution import Lose, Refund, Resolution, Win
from crupier.games.blackjack.rules import is_natural, total, values
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


STAND, HIT, DOUBLE, SPLIT = 0, 1, 2, 3
_CODE = {"stand": STAND, "hit": HIT, "double": DOUBLE, "split": SPLIT}
_NAME = {code: name for name, code in _CODE.items()}
MISSING = 99
"""The compiled deal's BlackJack net where the play reached a hand the table lacks."""


@dataclass(frozen=True)
class BestPlay:
    """The BlackJack play the PAR's exact figure assumes, as a table: for every hand the
    play reaches (the player's cards as counts of each point value, and the croupier's up
    card), stand, hit, double or split. Sorted ``keys`` (:meth:`key`) and their
    ``actions`` (:data:`STAND` ... :data:`SPLIT`)."""

    keys: npt.NDArray[np.int64]
    actions: npt.NDArray[np.int8]
    base: int
    """The weight of one card of a value is ``base ** (value - 1)``: more than the cards
    of any value but the ten-values (the last weight) a deck holds."""

    def key(self, vals: Sequence[int], up: int) -> int:
        """The key of the hand of point values ``vals`` against ``up`` (1 for an ace)."""
        return up + 11 * sum(int(self.base ** (v - 1)) for v in vals)

    def action(self, vals: Sequence[int], up: int) -> str:
        """``stand``, ``hit``, ``double`` or ``split``: the exact figure's play of the hand.

        >>> from crupier.games import load_profile
        >>> play = best_play(load_profile("triple-play"))
        >>> play.action([10, 6], 10), play.action([10, 6], 6), play.action([6, 5], 5)
        ('hit', 'stand', 'double')
        """
        key = self.key(vals, up)
        i = int(np.searchsorted(self.keys, key))
        if i == self.keys.shape[0] or self.keys[i] != key:
            raise ValueError(f"the best play never reaches {list(vals)} against {up}")
        return _NAME[int(self.actions[i])]


def best_play(profile: TriplePlayProfile) -> BestPlay:
    """The play of the BlackJack part's exact figure (``blackjack`` of the PAR sheet: the
    exact analysis's :class:`~crupier.games.blackjack.par.MainChain`), read from the very
    analysis that computed it (``analysis_of``): each two-card hand by its best decision
    (:meth:`~crupier.analysis.blackjack.BlackjackAnalysis.decisions`), each later card
    taken when hitting is worth more than standing for the cards then left (the analysis's
    own stand and hit values; a tie stands), as its result's distribution is walked. One
    deck, fresh every round: the cards left are the deck less the up card and the
    player's. Split aces take one card each and decide nothing (other rules are refused)."""
    from crupier.analysis.blackjack import full_shoe, points, take
    from crupier.games.blackjack.par import analysis_of

    rules = profile.rules
    if not (profile.play.split_aces_only and rules.split_aces_one_card):
        raise ValueError("the Triple Joc kernel plays aces split once, one card each")
    a = analysis_of(profile)["analysis"]
    decks = profile.shoe.decks
    base = 4 * decks + 1
    shoe = full_shoe(decks)
    loss = a._bj_loss(True)
    six = profile.play.six_cards
    table: dict[int, int] = {}

    def weight(v: int) -> int:
        return int(base ** (v - 1))

    def play_on(comp: Any, up: int, hard: int, ace: bool, cards: int, key: int) -> None:
        """A hand of ``cards`` cards after a hit (the analysis's ``Distribution.play``)."""
        t = points(hard, ace)
        if t > 21 or (six is not None and cards == 6) or t == 21:
            return  # bust, paid at once, or 21: nothing to decide
        hit = a._hit(comp, up, hard, ace, loss, cards) > a._stand(comp, up, t, 1, loss)
        table[key] = HIT if hit else STAND
        if hit:
            draw(comp, up, hard, ace, cards, key)

    def draw(comp: Any, up: int, hard: int, ace: bool, cards: int, key: int) -> None:
        for i, count in enumerate(comp):
            if count:
                v = i + 1
                nxt = take(comp, v)
                play_on(nxt, up, hard + v, ace or v == 1, cards + 1, key + 11 * weight(v))

    for up in range(1, 11):
        for c1 in range(1, 11):
            for c2 in range(c1, 11):
                try:
                    comp = take(take(take(shoe, c1), up), c2)
                except ValueError:
                    continue
                d = a.decisions(comp, up, c1, c2)
                if d.natural:
                    continue
                action = d.best()[0]
                key = up + 11 * (weight(c1) + weight(c2))
                table[key] = _CODE[action]
                if action == "hit":
                    draw(comp, up, c1 + c2, 1 in (c1, c2), 2, key)
    keys = np.array(sorted(table), dtype=np.int64)
    actions = np.array([table[k] for k in keys.tolist()], dtype=np.int8)
    return BestPlay(keys, actions, base)


def play_hands(game: Any, player: str, play: BestPlay) -> list[Any]:
    """Play ``player``'s BlackJack hand through the engine (a
    :class:`~crupier.games.triple_play.engine.TriplePlay` whose round is dealt) as
    :func:`best_play` plays it, never insuring, then the croupier's turn; the events."""
    from crupier.core.roles import Role
    from crupier.games.blackjack.engine import Double, Hit, Split, Stage, Stand

    kinds = {"stand": Stand, "hit": Hit, "double": Double, "split": Split}
    events: list[Any] = []
    while game.state.stage is Stage.PLAY:
        hand = game.current()
        up = min(game.state.dealer[0].rank.pips, 10)
        kind = kinds[play.action(hand.vals, up)]
        events += game.apply(kind(player=player, box=hand.box, by=Role.PLAYER)).events
    for action in game.auto_round():
        events += game.apply(action).events
    return events


@dataclass(frozen=True)
class TripleRound:
    """A round dealt from one deck: the player's BlackJack hands (two after a split of aces),
    the croupier's hand, the six poker cards and each bet's net per unit of its stake."""

    hands: tuple[tuple[Card, ...], ...]
    dealer: tuple[Card, ...]
    poker: tuple[Card, ...]
    nets: dict[str, Fraction]


def play_deck(deck: Sequence[Card], profile: TriplePlayProfile, play: BestPlay) -> TripleRound:
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
            action = play.action(vals, up)
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
    profile: TriplePlayProfile, play: BestPlay, rng: np.random.Generator, size: int
) -> dict[str, list[Fraction]]:
    """``size`` rounds, each from a freshly shuffled deck: every bet's net per unit."""
    from crupier.analysis.fresh_packs import deal_packs
    from crupier.core.poker.batch import card

    nets: dict[str, list[Fraction]] = {b: [] for b in BETS}
    for row in deal_packs(rng, size, 52).tolist():
        for bet, net in play_deck([card(i) for i in row], profile, play).nets.items():
            nets[bet].append(net)
    return nets


def estimates(profile: TriplePlayProfile, rounds: int, seed: int) -> dict[str, Estimate]:
    """Every bet's mean net per unit over ``rounds`` fresh decks (``numpy``'s PCG64 seeded
    with ``seed``), the BlackJack played as the PAR's exact figure plays it.

    >>> from crupier.games import load_profile
    >>> found = estimates(load_profile("triple-play"), 100, 1)
    >>> sorted(found), found["repte"].samples
    (['blackjack', 'poker', 'repte'], 100)
    """
    nets = triple_rounds(
        profile, best_play(profile), np.random.Generator(np.random.PCG64(seed)), rounds
    )
    out = {}
    for bet, values_ in nets.items():
        x = np.array([float(v) for v in values_])
        out[bet] = Estimate.from_sums(rounds, float(x.sum()), float((x * x).sum()))
    return out


# -- the compiled deal: the same play, read from the same table -------------------------------


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
    keys: npt.NDArray[np.int64],
    actions: npt.NDArray[np.int8],
    weights: npt.NDArray[np.int64],
    six_pays: bool,
    out: npt.NDArray[np.int64],
    held: npt.NDArray[np.uint8],
) -> None:  # pragma: no cover - compiled; checked round for round against play_deck
    """Per round: ``out`` = (player's Repte rank, croupier's, BlackJack net in half units;
    :data:`MISSING` where the play reached a hand the table lacks); ``held`` the six poker
    cards (the batch evaluator's indices). The hand's key is :meth:`BestPlay.key`
    (``weights[v]`` per card of value ``v``)."""
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
        key = up + 11 * (weights[vals[0, 0]] + weights[vals[0, 1]])
        missing = False
        i = 0
        while not natural and i < hands:
            while True:
                pts = _points(vals[i], size[i])[0]
                if pts >= 21 or (hands == 2 and vals[i, 0] == 1):
                    break
                n = size[i]
                at = np.searchsorted(keys, key)
                if at == keys.shape[0] or keys[at] != key:
                    missing = True
                    break
                act = actions[at]
                if act == 0:
                    break
                if act == 3:
                    hands = 2
                    cards[1, 0], vals[1, 0], size[1] = cards[0, 1], vals[0, 1], 1
                    cards[0, 1], vals[0, 1] = row[pos], _value(row[pos])
                    pos += 1
                    continue
                cards[i, n], vals[i, n] = row[pos], _value(row[pos])
                key += 11 * weights[vals[i, n]]
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
        out[r, 0], out[r, 1], out[r, 2] = row[0] // 4, row[1] // 4, MISSING if missing else net
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

    if profile.payouts.blackjack != Fraction(3, 2) or profile.play.six_cards not in (None, 1):
        raise ValueError("the compiled deal pays a natural 3 to 2 and six cards 1 to 1")
    play = best_play(profile)
    weights = np.array([0] + [play.base ** (v - 1) for v in range(1, 11)], dtype=np.int64)
    rows = deal_packs(rng, size, 52)
    out = np.empty((size, 3), dtype=np.int64)
    held = np.empty((size, 6), dtype=np.uint8)
    _play_rows(
        rows, play.keys, play.actions, weights, profile.play.six_cards is not None, out, held
    )
    if size and int(out[:, 2].max()) == MISSING:  # the table covers every hand played: a bug
        raise ValueError("the compiled deal reached a hand the best play does not")
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
    "BestPlay",
    "TripleRound",
    "best_play",
    "deal_triple",
    "estimates",
    "net_of",
    "play_deck",
    "play_hands",
    "triple_outcomes",
    "triple_rounds",
]
