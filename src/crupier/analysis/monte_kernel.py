"""Monte's real-pack kernel: one shuffled 40-card pack per coup, laid out, played through
primeres and segones, every bet of the PAR sheet settled on it.

Monte's PAR sheet is exact per layout; the layout itself falls out of the pack (burnt,
doubled and tripled cards, void coups), and the game cards come from what the layout left.
This kernel deals what a table deals: numba shuffles the pack (Fisher-Yates over numpy
uniforms, :func:`crupier.analysis.shoes.shuffle`), lays it out from the ends the profile
names (P1 and P2 from one end, P3 and P4 from the other) by the profile's layout rules,
draws primeres to its terminator and segones to the live row's, and reports each coup as
three integers: the layout's **class** (the placed values relabelled, each value's suits
rotated to its base card: the doubling and burnt cards of each box's value as offsets, and
k), the primeres result and the segones result relative to the boxes' base cards.

**One copy of every rule.** Nothing is settled in numba: a class is turned back into a
layout by the engine's own :func:`~crupier.games.monte.layout.complete_layout` (its
annulments from the profile's table), and each bet is settled by the PAR model's chain
(:class:`~crupier.games.monte.par.MonteChain`, whose step is the engine's
``resolve_monte``) with the layout refusals of the engine (``layout_refusal``). A (class,
result) pair is settled once and kept; a batch counts its pairs (``numpy.unique``) and
weighs each pair's results by its count.

The exact figure it is compared with is the PAR model's bet **averaged over every layout**
(:func:`~crupier.games.monte.par.average_chains`: per unit staked each time the bet is
taken), not the sheet's clean layout.

>>> from crupier.games import load_profile
>>> profile = load_profile("monte")
>>> coups = monte_coups(profile, np.random.default_rng(1), 2_000)
>>> len(coups.key), int(coups.prim.max()) < 32, int(coups.seg.max()) < 64
(2000, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.shoes import shuffle
from crupier.analysis.simulate import BetSums, _jit

PRIM_CODES = 32
"""Primeres results: (box * 4 + suit offset from the box's base card) * 2 + first card."""
SEG_CODES = 64
"""Segones results: ((box * 4 + offset) * 2 + first card) * 2 + first card of a placed value."""
KEY_K_SHIFT = 24
"""A class key: 6 bits per box (doubling offsets, burnt offsets of its value), then k."""


def _deal_coup_py(
    order: npt.NDArray[np.int8],
    ends: npt.NDArray[np.int8],
    game_end: int,
    burn_burnt: bool,
    burn_both: bool,
    stacks: npt.NDArray[np.int8],
    burnt: npt.NDArray[np.int8],
) -> tuple[int, int, int, int]:
    """Lay out and play one coup of the pack ``order`` (cards ``4 * value + suit``, the
    suit's index in the profile's circular order; index 0 is the top of the pack).

    ``ends[box]``: 1 if that box's card is taken from the bottom; ``game_end`` the same for
    the game cards. The layout machine of the engine (``feed_layout``): a card of a burnt
    value burnt (``burn_burnt``); P2 of P1's value burns both; P3/P4 of P1's or P2's value
    doubles or triples it, or voids the coup when it is the value's fourth card out; P4 of
    P3's value burns both (``burn_both``) or itself. ``stacks`` and ``burnt`` receive the
    layout (-1 where empty). Returns (status, class key, primeres, segones): status 0 a
    coup, 1 void. Compiled by numba."""
    for i in range(4):
        for j in range(3):
            stacks[i, j] = -1
    for i in range(burnt.shape[0]):
        burnt[i] = -1
    size = np.zeros(4, dtype=np.int64)
    rank = np.full(4, -1, dtype=np.int64)
    out = np.zeros(10, dtype=np.int64)
    burnt_value = np.zeros(10, dtype=np.bool_)
    n_burnt = 0
    top = 0
    bottom = order.shape[0] - 1
    while True:
        box = -1
        for i in range(4):
            if size[i] == 0:
                box = i
                break
        if box < 0:
            break
        if top > bottom:
            return 1, 0, 0, 0
        if ends[box] == 1:
            card = order[bottom]
            bottom -= 1
        else:
            card = order[top]
            top += 1
        r = card >> 2
        if burn_burnt and burnt_value[r]:
            burnt[n_burnt] = card
            n_burnt += 1
            out[r] += 1
            continue
        if box == 1 and r == rank[0]:
            burnt[n_burnt] = stacks[0, 0]
            burnt[n_burnt + 1] = card
            n_burnt += 2
            burnt_value[r] = True
            out[r] += 1
            stacks[0, 0] = -1
            size[0] = 0
            rank[0] = -1
            continue
        if box >= 2:
            target = -1
            for t in range(2):
                if rank[t] == r:
                    target = t
            if target >= 0:
                if out[r] + 1 >= 4:
                    return 1, 0, 0, 0
                stacks[target, size[target]] = card
                size[target] += 1
                out[r] += 1
                continue
            if box == 3 and r == rank[2]:
                if burn_both:
                    burnt[n_burnt] = stacks[2, 0]
                    n_burnt += 1
                    stacks[2, 0] = -1
                    size[2] = 0
                    rank[2] = -1
                burnt[n_burnt] = card
                n_burnt += 1
                burnt_value[r] = True
                out[r] += 1
                continue
        stacks[box, 0] = card
        size[box] = 1
        rank[box] = r
        out[r] += 1
    # the class: per box, its doubling cards and the burnt cards of its value as offsets
    key = 0
    doubling = 0
    for b in range(4):
        base = stacks[b, 0] & 3
        bits = 0
        for j in range(1, size[b]):
            bits |= 1 << (((stacks[b, j] & 3) - base) % 4 - 1)
            doubling += 1
        for j in range(n_burnt):
            if burnt[j] >> 2 == rank[b]:
                bits |= 1 << (((burnt[j] & 3) - base) % 4 + 2)
        key |= bits << (6 * b)
    key |= (n_burnt + doubling) << KEY_K_SHIFT
    # primeres: to the first card of a placed value
    drawn = 0
    prim = -1
    winner = -1
    while top <= bottom:
        if game_end == 1:
            card = order[bottom]
            bottom -= 1
        else:
            card = order[top]
            top += 1
        drawn += 1
        for b in range(4):
            if card >> 2 == rank[b]:
                winner = b
        if winner >= 0:
            offset = ((card & 3) - (stacks[winner, 0] & 3)) % 4
            prim = (winner * 4 + offset) * 2 + (1 if drawn == 1 else 0)
            break
    if prim < 0:  # pragma: no cover - a placed value always has a card left
        return 1, 0, 0, 0
    # segones: the row the winner is not in, to the first card of one of its values
    low = 2 if winner < 2 else 0
    drawn = 0
    opening = 0
    while top <= bottom:
        if game_end == 1:
            card = order[bottom]
            bottom -= 1
        else:
            card = order[top]
            top += 1
        drawn += 1
        r = card >> 2
        if drawn == 1:
            for b in range(4):
                if r == rank[b]:
                    opening = 1
        if r == rank[low] or r == rank[low + 1]:
            q = low if r == rank[low] else low + 1
            offset = ((card & 3) - (stacks[q, 0] & 3)) % 4
            seg = (((q * 4 + offset) * 2 + (1 if drawn == 1 else 0)) * 2) + opening
            return 0, key, prim, seg
    return 1, 0, 0, 0  # pragma: no cover - the live row always has a card left


deal_coup = _jit(_deal_coup_py)


def _monte_block_py(
    deck: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    ends: npt.NDArray[np.int8],
    game_end: int,
    burn_burnt: bool,
    burn_both: bool,
    keys: npt.NDArray[np.int64],
    prims: npt.NDArray[np.int8],
    segs: npt.NDArray[np.int8],
    filled: int,
) -> int:
    """Shuffle one pack per row of ``uniforms`` and play its coup (void coups skipped)
    until the outputs are full. Compiled by numba."""
    stacks = np.empty((4, 3), dtype=np.int8)
    burnt = np.empty(40, dtype=np.int8)
    for row in range(uniforms.shape[0]):
        if filled >= keys.shape[0]:
            break
        order = shuffle(deck, uniforms[row])
        status, key, prim, seg = deal_coup(
            order, ends, game_end, burn_burnt, burn_both, stacks, burnt
        )
        if status == 0:
            keys[filled] = key
            prims[filled] = prim
            segs[filled] = seg
            filled += 1
    return filled


monte_block = _jit(_monte_block_py)


@dataclass(frozen=True)
class MonteCoups:
    """Coups dealt by the kernel: each one's class key, primeres and segones results."""

    key: npt.NDArray[np.int64]
    prim: npt.NDArray[np.int8]
    seg: npt.NDArray[np.int8]


def pack_codes(profile: Any) -> npt.NDArray[np.int8]:
    """The 40-card pack in the engine's order (``spanish_deck``) as the kernel codes it,
    ``4 * value + suit`` (the suit's index in the profile's circular order).

    >>> from crupier.games import load_profile
    >>> codes = pack_codes(load_profile("monte"))
    >>> len(codes), sorted(codes.tolist()) == list(range(40))
    (40, True)
    """
    from crupier.core.cards import SPANISH_RANKS
    from crupier.games.monte.cards import PACK

    order = list(profile.pack.suit_order)
    ranks = list(SPANISH_RANKS)
    return np.array([4 * ranks.index(c.rank) + order.index(c.suit) for c in PACK], dtype=np.int8)


def layout_rules(profile: Any) -> tuple[npt.NDArray[np.int8], int, bool, bool]:
    """The profile's pack ends and layout rules as the kernel reads them: per box, 1 if
    its card comes from the bottom; the game cards' end; ``burn_burnt_values``; and whether
    P4 of P3's value burns both.

    >>> from crupier.games import load_profile
    >>> ends, game_end, burn_burnt, burn_both = layout_rules(load_profile("monte"))
    >>> ends.tolist(), game_end, burn_burnt, burn_both
    ([1, 1, 0, 0], 0, True, True)
    """
    from crupier.games.monte.layout import layout_end
    from crupier.games.monte.profile import End, LowerPair

    ends = np.array([layout_end(profile.pack, b) is End.BOTTOM for b in range(4)], np.int8)
    game_end = 1 if profile.pack.game_cards_from is End.BOTTOM else 0
    rules = profile.layout
    return ends, game_end, bool(rules.burn_burnt_values), rules.lower_pair is LowerPair.BURN_BOTH


def monte_coups(profile: Any, rng: np.random.Generator, size: int) -> MonteCoups:
    """``size`` coups (void coups not counted), one freshly shuffled pack each."""
    deck = pack_codes(profile)
    ends, game_end, burn_burnt, burn_both = layout_rules(profile)
    keys = np.empty(size, dtype=np.int64)
    prims = np.empty(size, dtype=np.int8)
    segs = np.empty(size, dtype=np.int8)
    filled = 0
    while filled < size:
        packs = max(1, min(65_536, (size - filled) * 11 // 10 + 1))
        uniforms = rng.random((packs, deck.shape[0] - 1))
        filled = monte_block(
            deck, uniforms, ends, game_end, burn_burnt, burn_both, keys, prims, segs, filled
        )
    return MonteCoups(keys, prims, segs)


# -- settling: the engine's rules, once per (class, result) -----------------------------------

CLASS_SLOTS = 1 << 15
"""Slots of the class numbering's hash table (a pack lays out some 4,400 classes)."""


def _class_ids_py(
    keys: npt.NDArray[np.int64],
    slot_key: npt.NDArray[np.int64],
    slot_id: npt.NDArray[np.int64],
    count: int,
    ids: npt.NDArray[np.int64],
) -> int:
    """Number each class key in the order met (open addressing in ``slot_key``, free
    slots -1); writes each coup's number into ``ids`` and returns how many are numbered.
    Compiled by numba."""
    mask = slot_key.shape[0] - 1
    for i in range(keys.shape[0]):
        k = keys[i]
        h = (k ^ (k >> 13) ^ (k >> 24)) & mask
        while slot_key[h] != -1 and slot_key[h] != k:
            h = (h + 1) & mask
        if slot_key[h] == -1:
            slot_key[h] = k
            slot_id[h] = count
            count += 1
        ids[i] = slot_id[h]
    return count


class_ids = _jit(_class_ids_py)


def class_layout(profile: Any, key: int) -> Any:
    """The layout of a class: box ``b`` holds value ``b`` (its base card of the first suit),
    its doubling and burnt cards at the key's suit offsets; the other burnt cards (they only
    count, in k) of the values no box holds. Made by the engine's ``complete_layout``.

    >>> from crupier.games import load_profile
    >>> lay = class_layout(load_profile("monte"), (0b010 << 6) | (1 << KEY_K_SHIFT))
    >>> lay.describe(), lay.k, lay.d  # P2 doubled by its viudo (two suits on)
    ('P1 1O | P2 2O+2E / P3 3O | P4 4O', 1, 1)
    """
    from crupier.core.cards import SPANISH_RANKS, Card
    from crupier.games.monte.layout import LayoutProgress, complete_layout

    order = profile.pack.suit_order
    stacks = []
    burnt = []
    for b in range(4):
        bits = (key >> (6 * b)) & 63
        rank = SPANISH_RANKS[b]
        stack = [Card(rank, order[0])]
        stack += [Card(rank, order[off]) for off in (1, 2, 3) if bits & (1 << (off - 1))]
        burnt += [Card(rank, order[off]) for off in (1, 2, 3) if bits & (1 << (off + 2))]
        stacks.append(tuple(stack))
    others = (key >> KEY_K_SHIFT) - sum(len(s) - 1 for s in stacks) - len(burnt)
    burnt += [Card(SPANISH_RANKS[4 + i // 4], order[i % 4]) for i in range(others)]
    return complete_layout(profile, LayoutProgress(tuple(stacks), tuple(burnt)))


def phase_results(profile: Any, layout: Any, prim: int, seg: int) -> tuple[Any, Any]:
    """The engine's :class:`PhaseResult` of each phase, from the kernel's codes.

    >>> from crupier.games import load_profile
    >>> profile = load_profile("monte")
    >>> lay = class_layout(profile, 0)
    >>> first, second = phase_results(profile, lay, (1 * 4 + 1) * 2 + 1, ((2 * 4 + 3) * 2) * 2)
    >>> str(first), str(second)  # P2's camo as the first card; then P3's anti
    ('primeres: 2C, first card', 'segones: 3B')
    """
    from crupier.core.cards import Card
    from crupier.games.monte.bets import PhaseResult, Stage

    order = profile.pack.suit_order
    box, first = divmod(prim, 2)
    p, off = divmod(box, 4)
    t1 = Card(layout.base(p).rank, order[(order.index(layout.base(p).suit) + off) % 4])
    rest, opening = divmod(seg, 2)
    box2, first2 = divmod(rest, 2)
    q, off2 = divmod(box2, 4)
    t2 = Card(layout.base(q).rank, order[(order.index(layout.base(q).suit) + off2) % 4])
    return (
        PhaseResult(Stage.PRIMERES, t1, bool(first), bool(first)),
        PhaseResult(Stage.SEGONES, t2, bool(first2), bool(opening)),
    )


Settlement = tuple[bool, Fraction, bool]
"""A bet on one coup: taken (not refused by the layout, its row in play), net result per
unit staked, won."""


@dataclass
class MonteSettler:
    """The PAR sheet's bets settled per (class, result) by the engine's rules, kept as they
    are met. Each bet reads only the part of a coup it depends on (its **view**): a bet that
    primeres always settles the primeres result; a bet placed in segones the row left in
    play and the segones result; a simple bet that primeres may carry both results.

    >>> from crupier.games import load_profile
    >>> settler = MonteSettler.of(load_profile("monte"))
    >>> coups = monte_coups(settler.profile, np.random.default_rng(4), 5_000)
    >>> sums = settler.settle(coups)
    >>> sums["pot"].resolved, sums["camo-segones"].resolved < 5_000
    (5000, True)
    >>> settler.row(0, (1 * 4 + 1) * 2 + 1, (2 * 4 + 1) * 4)[1]  # camo on P3; P2's camo first
    (True, Fraction(-1, 1), False)
    """

    profile: Any
    bets: tuple[tuple[str, Any, Any], ...]
    views: tuple[int, ...]
    """Per bet: 0 primeres only, 1 placed in segones, 2 the whole coup."""
    _layouts: dict[int, Any] = field(default_factory=dict)
    _slot_key: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.full(CLASS_SLOTS, -1, dtype=np.int64)
    )
    _slot_id: npt.NDArray[np.int64] = field(
        default_factory=lambda: np.zeros(CLASS_SLOTS, dtype=np.int64)
    )
    _classes: int = 0
    """Class keys met so far are numbered in the order met (a hash table in
    ``_slot_key``/``_slot_id``): the numbers index the views' tables."""
    _tables: dict[int, _ViewTable] = field(default_factory=dict)

    @classmethod
    def of(cls, profile: Any) -> MonteSettler:
        """The settler of the PAR sheet's bets (:data:`~crupier.games.monte.par.PAR_BETS`)."""
        from crupier.games.monte.bets import Stage, spot_of
        from crupier.games.monte.par import PAR_BETS, MonteChain

        layout = class_layout(profile, 0)
        bets = tuple((b, spot_of(s), phase) for b, s, phase in PAR_BETS)
        views = tuple(
            1
            if phase is Stage.SEGONES
            else 2
            if MonteChain(b, profile, layout, s, phase).sees_segones
            else 0
            for b, s, phase in bets
        )
        return cls(profile, bets, views)

    def layout(self, key: int) -> Any:
        """The class's layout (made once)."""
        lay = self._layouts.get(key)
        if lay is None:
            lay = self._layouts[key] = class_layout(self.profile, key)
        return lay

    def row(self, key: int, prim: int, seg: int) -> tuple[Settlement, ...]:
        """Every bet's settlement on one coup (class ``key``, the kernel's results)."""
        return self._settle(key, prim, seg, range(len(self.bets)))

    def _settle(self, key: int, prim: int, seg: int, which: Any) -> tuple[Settlement, ...]:
        """The bets ``which`` on one coup: refused by the layout or (a segones bet) their
        row not in play: not taken; else the PAR chain's step (the engine's resolution)."""
        from crupier.core.resolution import Stay, Win, net_of
        from crupier.games.monte.bets import Stage, layout_refusal
        from crupier.games.monte.par import CoupOutcome, MonteChain

        lay = self.layout(key)
        coup = CoupOutcome(*phase_results(self.profile, lay, prim, seg))
        out: list[Settlement] = []
        for i in which:
            bet_id, spot, phase = self.bets[i]
            chain = MonteChain(bet_id, self.profile, lay, spot, phase)
            if layout_refusal(self.profile, lay, spot, phase) is not None or (
                phase is Stage.SEGONES and not chain._in_play(coup)
            ):
                out.append((False, Fraction(0), False))
                continue
            res = chain.step("placed", coup)
            if isinstance(res, Stay):  # pragma: no cover - segones settles every carried bet
                raise ValueError(f"{bet_id}: still on the layout after segones")
            out.append((True, net_of(res), isinstance(res, Win) and res.ratio > 0))
        return tuple(out)

    def settle(self, coups: MonteCoups) -> dict[str, BetSums]:
        """Every bet's sums over ``coups``: per view, each distinct part of a coup is
        settled once (kept for later batches, in arrays indexed by the part's code) and
        weighed by how many coups show it."""
        ids = np.empty(coups.key.shape[0], dtype=np.int64)
        self._classes = int(class_ids(coups.key, self._slot_key, self._slot_id, self._classes, ids))
        if 2 * self._classes > self._slot_key.shape[0]:  # pragma: no cover - ~4,400 classes
            raise RuntimeError("more layout classes than the table holds")
        prim = coups.prim.astype(np.int64)
        seg = coups.seg.astype(np.int64)
        top_won = (prim >> 3) < 2  # primeres ended on the top row: the bottom row stays
        codes = (
            ids * PRIM_CODES + prim,
            (ids * 2 + top_won) * SEG_CODES + seg,
            (ids * PRIM_CODES + prim) * SEG_CODES + seg,
        )
        sums = {bet_id: BetSums() for bet_id, _, _ in self.bets}
        for view, code in enumerate(codes):
            idx = [i for i, v in enumerate(self.views) if v == view]
            if not idx:
                continue
            counts = np.bincount(code)
            seen = np.flatnonzero(counts)
            table = self._table(view, counts.shape[0], len(idx))
            missing = seen[~table.known[seen]]
            if missing.size:  # settled on the first coup that shows each new part
                first = np.full(counts.shape[0], -1, dtype=np.int64)
                first[code[::-1]] = np.arange(code.shape[0] - 1, -1, -1)
                for value, at in zip(missing.tolist(), first[missing].tolist(), strict=True):
                    k, p, q = int(coups.key[at]), int(prim[at]), int(seg[at])
                    for column, (taken, net, won) in enumerate(self._settle(k, p, q, idx)):
                        table.taken[value, column] = taken
                        table.net[value, column] = float(net)
                        table.won[value, column] = won
                    table.known[value] = True
            weight = counts[seen]
            for column, i in enumerate(idx):
                t = table.taken[seen, column]
                c = weight[t]
                v = table.net[seen, column][t]
                s = sums[self.bets[i][0]]
                s.resolved += int(c.sum())
                s.hits += int(c[table.won[seen, column][t]].sum())
                # summed per net result in increasing order: the same sums whatever order
                # the classes were met in (a worker that ran other batches first)
                values_seen, where = np.unique(v, return_inverse=True)
                totals = np.bincount(where, weights=c, minlength=len(values_seen))
                for value, total in zip(values_seen.tolist(), totals.tolist(), strict=True):
                    s.payouts[value] = s.payouts.get(value, 0) + int(total)
                    s.s1 += value * total
                    s.s2 += value * value * total
        return sums

    def _table(self, view: int, size: int, bets: int) -> _ViewTable:
        """The view's table, grown to hold ``size`` codes."""
        table = self._tables.get(view)
        if table is None or table.known.shape[0] < size:
            grown = _ViewTable.empty(
                max(size, 2 * (0 if table is None else len(table.known))), bets
            )
            if table is not None:
                n = table.known.shape[0]
                grown.known[:n] = table.known
                grown.taken[:n] = table.taken
                grown.net[:n] = table.net
                grown.won[:n] = table.won
            table = self._tables[view] = grown
        return table


@dataclass
class _ViewTable:
    """Settlements of one view's bets, indexed by the part of a coup's code."""

    known: npt.NDArray[np.bool_]
    taken: npt.NDArray[np.bool_]
    net: npt.NDArray[np.float64]
    won: npt.NDArray[np.bool_]

    @classmethod
    def empty(cls, size: int, bets: int) -> _ViewTable:
        return cls(
            np.zeros(size, dtype=np.bool_),
            np.zeros((size, bets), dtype=np.bool_),
            np.zeros((size, bets), dtype=np.float64),
            np.zeros((size, bets), dtype=np.bool_),
        )


@cache
def _settler(profile_name: str, rules: str | None) -> MonteSettler:
    from crupier.analysis.simulate import _load

    return MonteSettler.of(_load("monte", profile_name, rules))


def monte_batch(
    profile_name: str, rules: str | None, seed: np.random.SeedSequence, size: int
) -> list[dict[str, BetSums]]:
    """One batch of ``size`` coups from real packs, every PAR bet's sums (the unit a worker
    of :func:`crupier.analysis.simulate.simulate` runs)."""
    settler = _settler(profile_name, rules)
    rng = np.random.Generator(np.random.PCG64(seed))
    return [settler.settle(monte_coups(settler.profile, rng, size))]


@cache
def exact_edges(profile_name: str, rules: str | None) -> dict[str, Fraction]:
    """Each PAR bet's exact house edge averaged over every layout (the figure a real-pack
    simulation estimates; ``crupier par monte``'s "House edge over every layout" table)."""
    from crupier.analysis.exact import analyse
    from crupier.analysis.simulate import _load
    from crupier.games.monte.par import average_chains

    profile = _load("monte", profile_name, rules)
    return {c.bet_id: analyse(c).house_edge for c in average_chains(profile)}
