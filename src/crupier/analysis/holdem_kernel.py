"""The main bets of the two Texas games against the house (spec 20, Texas poker against the
house: the Ante and the 2a aposta; spec 22, Texas Hold'em Bonus: the Ante and the street bets)
by Monte Carlo, on the batch evaluator's card masks, compiled with numba.

A round deals nine cards of a 52-card pack: the player's two, the croupier's two, the five
common cards. Both hands are ranked by the batch evaluator's seven-card score. What each
result pays is not restated here: :func:`casino_holdem_table` and :func:`holdem_bonus_table`
fill, per category of the player's hand, the croupier's qualification and the comparison,
the net result of the round in Antes **from the engines' own settlement functions**
(``casino_holdem.showdown.ante_net`` / ``call_net``, ``holdem_bonus.hands.resolve_main``)
and the profile's bet multiples, so a changed paytable in a rules file is what the kernel
plays.

The strategies are named in the sheets and are functions of the cards the player sees
only, his two and the common cards dealt so far (never the croupier's):
:data:`CASINO_HOLDEM_STRATEGY` (call or fold after the flop),
:data:`HOLDEM_BONUS_LINES_STRATEGY` (Hold'em Bonus's sheet: the optimal fold list, Turn and
River lines fitted to the bets' exact values, :mod:`crupier.analysis.holdem_bonus_streets`)
and :data:`HOLDEM_BONUS_STRATEGY` (S. How's first lines, for comparison);
:data:`NEVER_FOLD` keeps the uninformed strategies (every hand played, no Turn or River bet)
for comparison. Each deal is played **both ways**: the player's two
cards against the croupier's, then the croupier's two as the player's (the same nine cards,
no new ranking); both ways have the distribution of a round, so their mean is unbiased, and
the interval is taken over the deals' means (the two ways are dependent; a hand that wins one
way mostly loses the other, which narrows the interval several times).

>>> from crupier.games.casino_holdem.profile import load_builtin
>>> found = play_rounds(casino_holdem_table(load_builtin()), deals=2_000, seed=1)
>>> found.rounds
4000
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, cast

import numba
import numpy as np
import numpy.typing as npt

from crupier.analysis.blackjack_sim import Estimate
from crupier.core.poker import Category
from crupier.core.poker.batch import _CARD_MASK, _score_mask_jit
from crupier.core.resolution import Lose, Push, Resolution, Win
from crupier.i18n import N_, Message

NEVER_FOLD, CASINO_HOLDEM, HOLDEM_BONUS, OPTIMAL_FLOP = 0, 1, 2, 3
"""The strategy codes the kernel plays: :data:`NEVER_FOLD` (every hand played, Turn and River
checked), :data:`CASINO_HOLDEM_STRATEGY`, :data:`HOLDEM_BONUS_STRATEGY`,
:data:`OPTIMAL_FLOP_STRATEGY` (a decision table, :attr:`RoundTable.calls`)."""
HOLDEM_BONUS_LINES = 4
"""The strategy code of :data:`HOLDEM_BONUS_LINES_STRATEGY` (Hold'em Bonus's sheet)."""

NEVER_FOLD_STRATEGY = (
    "uninformed: the player never folds, and at Hold'em Bonus checks the Turn and the River"
)
CASINO_HOLDEM_STRATEGY = N_(
    "the player calls (2a aposta) with a pair or better in his five cards, an ace or a king in "
    "his hand, four cards of one suit, four cards to a straight (open or inside, the ace high "
    "or low), both his cards above every flop card, or a queen and a jack, and folds otherwise "
    "(the call list of cardsflip.com's Casino Hold'em page, its last item 'Queen Jack H...' "
    "read as a queen and a jack, completed with a pair or better)"
)
HOLDEM_BONUS_STRATEGY = (
    "S. How's simple strategy (discountgambling.net) without its nut-kicker and combined-draw "
    "lines: fold 2-3 to 2-7 offsuit, else the Flop bet; the Turn bet with two pairs or better "
    "beating the flop alone, or a pair made with his cards that is above a flop card, has a "
    "four-card draw, or is the bottom pair of an unsuited flop; the River bet with two pairs "
    "or better beating the four common cards alone (not a pocket pair below them without a "
    "draw), or a pair made with his cards above the lowest common card when the four are not "
    "of one suit nor four in a row; check otherwise"
)

HOLDEM_BONUS_LINES_STRATEGY = N_(
    "the optimal fold list (fold 2-3 to 2-7 offsuit, else the Flop bet) and Turn and River "
    "lines fitted to the exact values of those bets: the Turn bet with two pairs or better "
    "beating the flop alone, a pair made with his cards (not a pocket pair below the flop "
    "without four to a flush or a straight), four cards of one suit, or an ace above the flop "
    "with a paired flop, four to a straight or both his cards above the flop; the River bet "
    "with two pairs or better beating the four common cards alone, a pair made with his cards "
    "above the lowest common card (or on it, when the four hold no three of one suit nor four "
    "ranks within five in a row), or an ace above the four common cards when they are paired; "
    "check otherwise"
)
OPTIMAL_FLOP_STRATEGY = N_(
    "optimal flop decision: the player calls (2a aposta) when calling is worth more than the "
    "Ante lost by folding, by the decision table generated by crupier.analysis.holdem_optimal "
    "(every turn, river and croupier hand counted for each of his two cards and the flop)"
)

QUALIFY_NEVER = 1 << 30
"""A qualifying score no hand reaches: the croupier always plays (Hold'em Bonus)."""


@dataclass(frozen=True)
class RoundTable:
    """The net result of a round in Antes: ``net[category, qualified, comparison + 1]``, the
    player's hand category (0-9), whether the croupier qualifies, and the comparison
    (-1 the croupier's hand is higher, 0 equal, 1 the player's)."""

    net: npt.NDArray[np.float64]
    qualifier: int
    """The lowest packed score with which the croupier qualifies."""
    exact: dict[tuple[int, int, int], Fraction]
    """The same table as exact fractions."""
    strategy: int = NEVER_FOLD
    """The strategy played (:data:`NEVER_FOLD`, :data:`CASINO_HOLDEM`, :data:`HOLDEM_BONUS`,
    :data:`HOLDEM_BONUS_LINES`)."""
    streets: npt.NDArray[np.float64] = field(
        default_factory=lambda: np.zeros((2, 10, 2, 3), dtype=np.float64)
    )
    """What a Turn bet (``streets[0]``) and a River bet (``streets[1]``) add to ``net``, in
    Antes, when the player makes them (zero at casino hold'em)."""
    exact_streets: tuple[dict[tuple[int, int, int], Fraction], ...] = ()
    """The same as exact fractions."""
    calls: npt.NDArray[np.uint8] = field(default_factory=lambda: np.zeros((1, 1), dtype=np.uint8))
    """:data:`OPTIMAL_FLOP`'s decision table, one bit per flop and holding (colex indices of
    the three flop cards and the player's two, as
    :func:`crupier.analysis.holdem_optimal.flop_index` and ``pair_index``), packed along the
    holdings (``numpy.packbits``, 3.7 MB: random look-ups stay in the processor's cache): 1 to
    call."""

    def using(self, strategy: int) -> RoundTable:
        """The same payouts played with another strategy.

        >>> from crupier.games.casino_holdem.profile import load_builtin
        >>> casino_holdem_table(load_builtin()).using(NEVER_FOLD).strategy
        0
        """
        return replace(self, strategy=strategy)

    def playing(self, calls: npt.NDArray[np.uint8]) -> RoundTable:
        """The same payouts played by a decision table (:data:`OPTIMAL_FLOP`),
        ``calls[flop index, holding index]`` over the 22,100 flops and 1,326 holdings.

        >>> from crupier.games.casino_holdem.profile import load_builtin
        >>> t = casino_holdem_table(load_builtin())
        >>> t.playing(np.ones((22100, 1326), dtype=np.uint8)).strategy == OPTIMAL_FLOP
        True
        """
        if calls.shape != (22100, 1326):
            raise ValueError(
                f"a decision table is 22,100 flops by 1,326 holdings, not {calls.shape}"
            )
        packed = np.ascontiguousarray(np.packbits(calls.astype(bool), axis=1))
        return replace(self, strategy=OPTIMAL_FLOP, calls=packed)


def _ratio(resolution: Resolution) -> Fraction:
    if isinstance(resolution, Win):
        return Fraction(resolution.ratio)
    if isinstance(resolution, Push):
        return Fraction(0)
    if isinstance(resolution, Lose):
        return Fraction(-1)
    raise ValueError(f"{resolution!r}: a main bet is won, pushed or lost")


def _array(exact: dict[tuple[int, int, int], Fraction]) -> npt.NDArray[np.float64]:
    net = np.zeros((10, 2, 3), dtype=np.float64)
    for (c, q, cmp), v in exact.items():
        net[c, q, cmp + 1] = float(v)
    return net


def _table(
    exact: dict[tuple[int, int, int], Fraction],
    qualifier: int,
    strategy: int,
    streets: tuple[dict[tuple[int, int, int], Fraction], ...] = (),
) -> RoundTable:
    if not streets:
        return RoundTable(_array(exact), qualifier, exact, strategy)
    arrays = np.stack([_array(e) for e in streets])
    return RoundTable(_array(exact), qualifier, exact, strategy, arrays, streets)


def casino_holdem_table(profile: Any) -> RoundTable:
    """Texas poker against the house (spec 20): the Ante and a 2a aposta of the profile's
    ``call_multiple`` Antes, settled by the engine's :func:`ante_net` and :func:`call_net`.

    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> t = casino_holdem_table(load_builtin())
    >>> t.exact[(int(Category.FLUSH), 1, 1)], t.exact[(int(Category.FLUSH), 0, 1)]
    (Fraction(4, 1), Fraction(2, 1))
    """
    from crupier.games.casino_holdem.showdown import ante_net, call_net
    from crupier.games.trijoker.profile import RANKS

    call = profile.rules.call_multiple
    exact = {
        (int(c), q, cmp): ante_net(profile, c, True, bool(q), cmp)
        + call * call_net(profile, bool(q), cmp)
        for c in Category
        for q in (0, 1)
        for cmp in (-1, 0, 1)
    }
    qualifier = (int(Category.PAIR) << 20) | (RANKS[profile.rules.qualifier] << 16)
    return _table(exact, qualifier, CASINO_HOLDEM)


def holdem_bonus_table(profile: Any) -> RoundTable:
    """Texas Hold'em Bonus's main game (spec 22): the Ante and a Flop bet of the profile's
    ``flop_multiple`` Antes, with the Turn and River bets of ``turn_multiple`` and
    ``river_multiple`` Antes when the strategy makes them, settled by the engine's
    :func:`resolve_main`; the croupier always plays. Played under
    :data:`HOLDEM_BONUS_LINES_STRATEGY` (``.using(HOLDEM_BONUS)`` for How's lines).

    >>> from crupier.games.holdem_bonus.profile import load_builtin
    >>> t = holdem_bonus_table(load_builtin())
    >>> t.exact[(int(Category.PAIR), 1, 1)], t.exact[(int(Category.STRAIGHT), 1, 1)]
    (Fraction(2, 1), Fraction(3, 1))
    """
    from crupier.games.holdem_bonus.hands import resolve_main

    rules = profile.rules
    flop = rules.flop_multiple
    exact: dict[tuple[int, int, int], Fraction] = {}
    turn: dict[tuple[int, int, int], Fraction] = {}
    river: dict[tuple[int, int, int], Fraction] = {}
    for c in Category:
        player = (c, (8,))
        dealers = {-1: (c, (9,)), 0: (c, (8,)), 1: (c, (7,))}
        for cmp, dealer in dealers.items():
            net = _ratio(resolve_main(profile, "ante", player, dealer)) + flop * _ratio(
                resolve_main(profile, "flop", player, dealer)
            )
            exact[(int(c), 0, cmp)] = exact[(int(c), 1, cmp)] = net
            t = rules.turn_multiple * _ratio(resolve_main(profile, "turn", player, dealer))
            r = rules.river_multiple * _ratio(resolve_main(profile, "river", player, dealer))
            turn[(int(c), 0, cmp)] = turn[(int(c), 1, cmp)] = t
            river[(int(c), 0, cmp)] = river[(int(c), 1, cmp)] = r
    return _table(exact, 0, HOLDEM_BONUS_LINES, (turn, river))


_jit = numba.njit(cache=True, nogil=True)


def _board_category(deal: Any, n: int) -> int:  # pragma: no cover (compiled)
    """The category of the first ``n`` (3 or 4) common cards alone, from their equal ranks."""
    equal = 0
    for i in range(4, 4 + n):
        for j in range(i + 1, 4 + n):
            if deal[i] // 4 == deal[j] // 4:
                equal += 1
    return 7 if equal == 6 else equal  # 0-3: nothing, pair, two pairs, three; 6: four


_board_category_jit = _jit(_board_category)


def _draws(mask: Any) -> bool:  # pragma: no cover (compiled)
    """Whether the cards of ``mask`` hold four of one suit or four ranks of a straight (open
    or inside, the ace high or low)."""
    ranks = 0
    for s in range(4):
        suited = int((mask >> np.uint64(16 * s)) & np.uint64(0x1FFF))
        ranks |= suited
        count = 0
        for k in range(13):
            count += (suited >> k) & 1
        if count >= 4:
            return True
    ranks = (ranks << 2) | ((ranks >> 12) << 1)  # bit r for rank r, the ace also as 1
    for low in range(1, 11):
        window = (ranks >> low) & 0x1F
        count = 0
        for k in range(5):
            count += (window >> k) & 1
        if count >= 4:
            return True
    return False


_draws_jit = _jit(_draws)


def _calls(deal: Any, a: int, b: int) -> bool:  # pragma: no cover (compiled)
    """:data:`CASINO_HOLDEM_STRATEGY` on the player's cards ``deal[a]``, ``deal[b]`` and the
    flop ``deal[4:7]``."""
    card_mask = _CARD_MASK
    ra, rb = deal[a] // 4 + 2, deal[b] // 4 + 2
    five = card_mask[deal[a]] | card_mask[deal[b]]
    top = 0
    for j in range(4, 7):
        five |= card_mask[deal[j]]
        top = max(top, deal[j] // 4 + 2)
    if _score_mask_jit(five) >> 20 >= 1 or max(ra, rb) >= 13 or min(ra, rb) > top:
        return True
    if min(ra, rb) == 11 and max(ra, rb) == 12:
        return True
    return _draws_jit(five)


_calls_jit = _jit(_calls)


def _own_pair(deal: Any, a: int, b: int, n: int) -> int:  # pragma: no cover (compiled)
    """The rank of the player's pair made with his cards (a pocket pair, or one of his cards
    matching one of the first ``n`` common cards), the higher one; 0 when none."""
    ra, rb = deal[a] // 4 + 2, deal[b] // 4 + 2
    best = ra if ra == rb else 0
    for j in range(4, 4 + n):
        r = deal[j] // 4 + 2
        if r == ra or r == rb:  # noqa: SIM109 (compiled: no tuple test)
            best = max(best, r)
    return best


_own_pair_jit = _jit(_own_pair)


def _lowest(deal: Any, n: int) -> int:  # pragma: no cover (compiled)
    low = 15
    for j in range(4, 4 + n):
        low = min(low, deal[j] // 4 + 2)
    return low


_lowest_jit = _jit(_lowest)


def _turn_bet(deal: Any, a: int, b: int, mask: Any) -> int:  # pragma: no cover (compiled)
    """The Turn bet of :data:`HOLDEM_BONUS_STRATEGY` on the player's cards and the flop."""
    made = _score_mask_jit(mask) >> 20
    if made >= 2 and made > _board_category_jit(deal, 3):
        return 1
    pair = _own_pair_jit(deal, a, b, 3)
    if made != 1 or pair == 0:
        return 0
    low = _lowest_jit(deal, 3)
    if low < pair or _draws_jit(mask):
        return 1
    suited = deal[4] % 4 == deal[5] % 4 or deal[4] % 4 == deal[6] % 4 or deal[5] % 4 == deal[6] % 4
    return 1 if pair == low and not suited else 0


_turn_bet_jit = _jit(_turn_bet)


def _scare(deal: Any) -> bool:  # pragma: no cover (compiled)
    """The four common cards are of one suit or four ranks in a row."""
    card_mask = _CARD_MASK
    board = np.uint64(0)
    for j in range(4, 8):
        board |= card_mask[deal[j]]
    ranks = 0
    for s in range(4):
        suited = int((board >> np.uint64(16 * s)) & np.uint64(0x1FFF))
        ranks |= suited
        count = 0
        for k in range(13):
            count += (suited >> k) & 1
        if count == 4:
            return True
    ranks = (ranks << 2) | ((ranks >> 12) << 1)
    for low in range(1, 12):  # noqa: SIM110 (compiled: a plain loop)
        if (ranks >> low) & 0xF == 0xF:
            return True
    return False


_scare_jit = _jit(_scare)


def _river_bet(deal: Any, a: int, b: int, mask: Any) -> int:  # pragma: no cover (compiled)
    """The River bet of :data:`HOLDEM_BONUS_STRATEGY` on the player's cards, the flop and the
    Turn card."""
    made = _score_mask_jit(mask) >> 20
    low = _lowest_jit(deal, 4)
    ra, rb = deal[a] // 4 + 2, deal[b] // 4 + 2
    if made >= 2 and made > _board_category_jit(deal, 4):
        underpair = ra == rb and ra < low
        return 0 if underpair and not _draws_jit(mask) else 1
    pair = _own_pair_jit(deal, a, b, 4)
    if made == 1 and pair > low and not _scare_jit(deal):
        return 1
    return 0


_river_bet_jit = _jit(_river_bet)


def _four_flush(mask: Any) -> bool:  # pragma: no cover (compiled)
    """Whether the cards of ``mask`` hold four (or more) of one suit."""
    for s in range(4):
        suited = int((mask >> np.uint64(16 * s)) & np.uint64(0x1FFF))
        count = 0
        for k in range(13):
            count += (suited >> k) & 1
        if count >= 4:
            return True
    return False


_four_flush_jit = _jit(_four_flush)


def _board_threat(deal: Any) -> bool:  # pragma: no cover (compiled)
    """The four common cards hold three of one suit, or four ranks within five in a row (the
    ace high or low)."""
    suits = np.zeros(4, dtype=np.int64)
    ranks = 0
    for j in range(4, 8):
        suits[deal[j] % 4] += 1
        r = deal[j] // 4 + 2
        ranks |= 1 << r
        if r == 14:
            ranks |= 1 << 1
    if suits.max() >= 3:
        return True
    for low in range(1, 11):
        window = (ranks >> low) & 0x1F
        count = 0
        for k in range(5):
            count += (window >> k) & 1
        if count >= 4:
            return True
    return False


_board_threat_jit = _jit(_board_threat)


def _lines_bet(deal: Any, a: int, b: int, mask: Any, n: int) -> int:  # pragma: no cover
    """The Turn (``n`` = 3 common cards) or River (``n`` = 4) bet of
    :data:`HOLDEM_BONUS_LINES_STRATEGY` on the player's cards ``deal[a]``, ``deal[b]``, the
    first ``n`` common cards, and ``mask`` holding all of them (compiled)."""
    made = _score_mask_jit(mask) >> 20
    if made >= 2 and made > _board_category_jit(deal, n):
        return 1
    ra, rb = deal[a] // 4 + 2, deal[b] // 4 + 2
    low, top = _lowest_jit(deal, n), 0
    for j in range(4, 4 + n):
        top = max(top, deal[j] // 4 + 2)
    pair = _own_pair_jit(deal, a, b, n)
    if pair > 0:
        if n == 4:
            return 1 if pair > low or (pair == low and not _board_threat_jit(deal)) else 0
        return 1 if pair >= low or _draws_jit(mask) else 0
    ace_over = max(ra, rb) == 14 and top < 14
    if n == 4:
        return 1 if ace_over and made == 1 else 0
    if _four_flush_jit(mask):
        return 1
    both_over = min(ra, rb) > top
    return 1 if ace_over and (made == 1 or both_over or _draws_jit(mask)) else 0


_lines_bet_jit = _jit(_lines_bet)


def _table_calls(calls: Any, deal: Any, a: int, b: int) -> int:  # pragma: no cover (compiled)
    """The decision table's entry for the player's cards ``deal[a]``, ``deal[b]`` and the flop
    ``deal[4:7]`` (colex indices)."""
    lo, hi = min(deal[a], deal[b]), max(deal[a], deal[b])
    x, y, z = int(deal[4]), int(deal[5]), int(deal[6])
    if x > y:
        x, y = y, x
    if y > z:
        y, z = z, y
    if x > y:
        x, y = y, x
    flop = z * (z - 1) * (z - 2) // 6 + y * (y - 1) // 2 + x
    holding = int(hi) * (int(hi) - 1) // 2 + int(lo)
    return (int(calls[flop, holding >> 3]) >> (7 - (holding & 7))) & 1


_table_calls_jit = _jit(_table_calls)


def _decide(strategy: int, deal: Any, a: int, b: int, calls: Any) -> Any:  # pragma: no cover
    """The player's decisions on ``deal`` with his cards at ``a`` and ``b``: (plays, Turn bet,
    River bet), each 0 or 1, from his cards and the common cards dealt before each decision
    (``calls``: :data:`OPTIMAL_FLOP`'s table)."""
    if strategy == OPTIMAL_FLOP:
        return _table_calls_jit(calls, deal, a, b), 0, 0
    if strategy == CASINO_HOLDEM:
        return (1 if _calls_jit(deal, a, b) else 0), 0, 0
    if strategy != HOLDEM_BONUS and strategy != HOLDEM_BONUS_LINES:
        return 1, 0, 0
    ra, rb = deal[a] // 4 + 2, deal[b] // 4 + 2
    if deal[a] % 4 != deal[b] % 4 and min(ra, rb) == 2 and 3 <= max(ra, rb) <= 7:
        return 0, 0, 0
    card_mask = _CARD_MASK
    mask = card_mask[deal[a]] | card_mask[deal[b]]
    for j in range(4, 7):
        mask |= card_mask[deal[j]]
    if strategy == HOLDEM_BONUS_LINES:
        turn = _lines_bet_jit(deal, a, b, mask, 3)
        river = _lines_bet_jit(deal, a, b, mask | card_mask[deal[7]], 4)
        return 1, turn, river
    turn = _turn_bet_jit(deal, a, b, mask)
    river = _river_bet_jit(deal, a, b, mask | card_mask[deal[7]])
    return 1, turn, river


_decide_jit = _jit(_decide)


def _way(
    strategy: int,
    net: Any,
    streets: Any,
    qualifier: int,
    deal: Any,
    a: int,
    mine: Any,
    his: Any,
    calls: Any,
) -> Any:  # pragma: no cover (compiled)
    """The net result of the player holding ``deal[a:a+2]`` and scoring ``mine`` against the
    croupier's ``his``: his Ante lost when he folds."""
    plays, turn, river = _decide_jit(strategy, deal, a, a + 1, calls)
    if plays == 0:
        return -1.0
    c = mine >> 20
    q = 1 if his >= qualifier else 0
    cmp = (1 if mine > his else (0 if mine == his else -1)) + 1
    return net[c, q, cmp] + turn * streets[0, c, q, cmp] + river * streets[1, c, q, cmp]


_way_jit = _jit(_way)


def _scores(deal: Any) -> Any:  # pragma: no cover (compiled)
    """The seven-card scores of ``deal``'s first two and next two cards with its last five."""
    card_mask = _CARD_MASK
    board = np.uint64(0)
    for j in range(4, 9):
        board |= card_mask[deal[j]]
    a = _score_mask_jit(board | card_mask[deal[0]] | card_mask[deal[1]])
    b = _score_mask_jit(board | card_mask[deal[2]] | card_mask[deal[3]])
    return a, b


_scores_jit = _jit(_scores)


def _deal_nets(
    deals: Any,
    strategy: int,
    net: Any,
    streets: Any,
    qualifier: int,
    out: Any,
    decided: Any,
    calls: Any,
) -> None:  # pragma: no cover (compiled)
    """``out[i]``: deal ``i``'s net result for the player (cards 0-1; croupier 2-3);
    ``decided[i]``: his decisions."""
    for i in range(deals.shape[0]):
        a, b = _scores_jit(deals[i])
        out[i] = _way_jit(strategy, net, streets, qualifier, deals[i], 0, a, b, calls)
        plays, turn, river = _decide_jit(strategy, deals[i], 0, 1, calls)
        decided[i, 0], decided[i, 1], decided[i, 2] = plays, turn, river


def _play(
    u: Any,
    deck: Any,
    strategy: int,
    net: Any,
    streets: Any,
    qualifier: int,
    sums: Any,
    counts: Any,
    calls: Any,
) -> None:  # pragma: no cover (compiled)
    """Deal nine cards per row of uniforms ``u`` (a partial Fisher-Yates shuffle of ``deck``,
    carried from row to row), play the deal both ways, add the deal's mean and its square to
    ``sums`` and each way's result to ``counts`` (won, push, lost)."""
    for r in range(u.shape[0]):
        for i in range(9):
            j = i + int(u[r, i] * (52 - i))
            deck[i], deck[j] = deck[j], deck[i]
        a, b = _scores_jit(deck)
        x = _way_jit(strategy, net, streets, qualifier, deck, 0, a, b, calls)
        y = _way_jit(strategy, net, streets, qualifier, deck, 2, b, a, calls)
        for v in (x, y):
            counts[0 if v > 0 else (1 if v == 0 else 2)] += 1
        m = (x + y) / 2
        sums[0] += m
        sums[1] += m * m


_deal_kernel = cast(Callable[..., None], _jit(_deal_nets))
_play_kernel = cast(Callable[..., None], _jit(_play))


def deal_nets(deals: npt.ArrayLike, table: RoundTable) -> npt.NDArray[np.float64]:
    """The net result in Antes of each row of nine card indices: the player's two, the
    croupier's two, the five common cards (the flop first), under the table's strategy.

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker.batch import indices
    >>> from crupier.games.casino_holdem.profile import load_builtin
    >>> t = casino_holdem_table(load_builtin())
    >>> deal_nets(indices([cards("As Ad Qc Qh Ks 7h 2c 9d 4s")]), t).tolist()  # spec 20 ex. 1
    [3.0]
    """
    return _decided(deals, table)[0]


def decisions(deals: npt.ArrayLike, table: RoundTable) -> npt.NDArray[np.int64]:
    """The kernel's decisions for the player's cards (the first two of each row of nine):
    whether he plays (calls, or makes the Flop bet), makes the Turn bet, makes the River bet.

    >>> from crupier.core.cards import cards
    >>> from crupier.core.poker.batch import indices
    >>> from crupier.games.holdem_bonus.profile import load_builtin
    >>> t = holdem_bonus_table(load_builtin())
    >>> decisions(indices([cards("Kh Kd Qc Qh Ks 7h 2c 7d 4s")]), t).tolist()  # three kings
    [[1, 1, 1]]
    """
    return _decided(deals, table)[1]


def _decided(
    deals: npt.ArrayLike, table: RoundTable
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    rows = np.ascontiguousarray(deals, dtype=np.uint8)
    if rows.ndim != 2 or rows.shape[1] != 9:
        raise ValueError(f"deals are rows of nine card indices, not shape {rows.shape}")
    if rows.size and int(rows.max()) > 51:
        raise ValueError("a card index is 0 to 51")
    if any(len(set(row)) != 9 for row in rows.tolist()):
        raise ValueError("a deal holds the same card twice")
    out = np.empty(rows.shape[0], dtype=np.float64)
    decided = np.empty((rows.shape[0], 3), dtype=np.int64)
    _deal_kernel(
        rows, table.strategy, table.net, table.streets, table.qualifier, out, decided, table.calls
    )
    return out, decided


@dataclass(frozen=True)
class PlayedDeals:
    """What :func:`play_rounds` counted; ``rounds`` = twice the deals."""

    deals: int
    rounds: int
    won: int
    push: int
    lost: int
    pair_sum: float
    pair_sum2: float


def play_rounds(table: RoundTable, deals: int, seed: int, block: int = 500_000) -> PlayedDeals:
    """Deal ``deals`` times nine cards (uniforms from PCG64 seeded with ``seed``), each deal
    played both ways."""
    rng = np.random.Generator(np.random.PCG64(seed))
    deck = np.arange(52, dtype=np.uint8)
    sums = np.zeros(2, dtype=np.float64)
    counts = np.zeros(3, dtype=np.int64)
    done = 0
    while done < deals:
        n = min(block, deals - done)
        _play_kernel(
            rng.random((n, 9)),
            deck,
            table.strategy,
            table.net,
            table.streets,
            table.qualifier,
            sums,
            counts,
            table.calls,
        )
        done += n
    won, push, lost = (int(c) for c in counts)
    return PlayedDeals(deals, 2 * deals, won, push, lost, float(sums[0]), float(sums[1]))


def outcome_table(
    bet: str, table: RoundTable, deals: int, seed: int, strategy: str
) -> dict[str, Any]:
    """A PAR sheet's table of the Monte Carlo: ``deals`` deals played both ways, the house
    edge in % of the Ante with its 95 % half-width (over the deals' means), and the CPU time."""
    start = time.process_time()
    found = play_rounds(table, deals, seed)
    spent = time.process_time() - start
    n = found.rounds
    net = Estimate.from_sums(deals, found.pair_sum, found.pair_sum2)
    return {
        "title": N_(
            "Monte Carlo: the main game's house edge in % of the Ante ({deals} deals of nine "
            "cards from a fresh 52-card pack, each played both ways: {rounds} rounds; PCG64 seed "
            "{seed}; {spent} s of CPU; strategy: {strategy})",
            deals=deals,
            rounds=n,
            seed=seed,
            spent=format(spent, ".1f"),
            strategy=Message(strategy, {}),  # one of the strategies marked above
        ),
        "columns": [
            N_("bet"),
            N_("won %"),
            N_("push %"),
            N_("lost %"),
            N_("house edge %"),
            N_("95 % half-width"),
        ],
        "rows": [
            [
                bet,
                f"{100 * found.won / n:.3f}",
                f"{100 * found.push / n:.3f}",
                f"{100 * found.lost / n:.3f}",
                f"{-net.mean * 100:.3f}",
                f"{net.half_width * 100:.3f}",
            ]
        ],
    }


__all__ = [
    "CASINO_HOLDEM",
    "CASINO_HOLDEM_STRATEGY",
    "HOLDEM_BONUS",
    "HOLDEM_BONUS_LINES",
    "HOLDEM_BONUS_LINES_STRATEGY",
    "HOLDEM_BONUS_STRATEGY",
    "NEVER_FOLD",
    "NEVER_FOLD_STRATEGY",
    "OPTIMAL_FLOP",
    "OPTIMAL_FLOP_STRATEGY",
    "PlayedDeals",
    "RoundTable",
    "casino_holdem_table",
    "deal_nets",
    "decisions",
    "holdem_bonus_table",
    "outcome_table",
    "play_rounds",
]
