"""Poker hand evaluation, written once for every game and analysis that ranks poker hands.

Scalar API (engines; cards are :class:`~crupier.core.cards.Card`, keys are comparable
``(category, tie-breaking ranks)`` tuples, ranks 2-14 with the ace high):

==========================================  ==================================================
:func:`rank5`, :func:`best5`                five-card high hands; the best five of six or seven
:func:`best_key`, :func:`score_best`        the same key (or packed score), faster: bit masks
:func:`rank4`, :func:`best4`                four card poker (spec 18); the best four of five/six
:func:`rank3`, :func:`best3`                three card poker (spec 15)
:func:`rank_high`, :func:`rank_low`         Pai Gow Poker (spec 12): 53 cards with the joker,
:func:`set_correctly`, :func:`settings`     five aces, A-2-3-4-5 second; the two-card low hand
:func:`rank5_short`, :func:`best5_short`    circle poker's 32- and 28-card packs (flush > full)
:func:`score`, :func:`unscore`              a key packed into one integer of the same order
==========================================  ==================================================

Batch API (analysis; numpy arrays of card indices, :mod:`crupier.core.poker.batch`, compiled
with numba): ``score_batch`` gives each row of five to seven card indices the packed
:func:`score` of its best five, ``every_hand`` enumerates C(n, k) as rows,
``category_counts`` counts every five- to seven-card hand, ``index``/``indices``/``card``
convert cards; :mod:`crupier.core.poker.tables` ranks three- and four-card hands and the
short packs in batches (``score3_batch``, ``score4_batch``, ``score_short_batch``) from
tables the scalar API fills.

>>> from crupier.core.cards import cards
>>> rank5(cards("Ah Kh Qh Jh Th"))[0].name
'ROYAL_FLUSH'
>>> best5(cards("As Ks Qd Jc 9h 2s Th"))[0]
(<Category.STRAIGHT: 4>, (14,))
>>> best4(cards("Ah Ad Kd 7c 2s"))[0]
(<Category4.PAIR: 1>, (14, 13, 7))
>>> rank3(cards("Ah 2d 3c"))
(<Category3.STRAIGHT: 3>, (3,))
>>> rank_high(cards("As Ad Ah Ac JK"))[0].name, rank_low(cards("JK 9c"))
('FIVE_ACES', (<PaiGowCategory.HIGH_CARD: 0>, (14, 9)))
>>> rank5_short(cards("Qc Jc Ac Kc 9c"), 28) > rank5_short(cards("Kd Kh Kc 9s 9d"), 28)
True
>>> score(rank5(cards("Ah Kh Qh Jh Th"))) > score(rank5(cards("Kh Qh Jh Th 9h")))
True
"""

from __future__ import annotations

from crupier.core.poker.five import (
    WHEEL,
    Category,
    Key,
    best5,
    high,
    rank5,
    rank_values,
    score,
    unscore,
)
from crupier.core.poker.masks import best_key, score_best
from crupier.core.poker.paigow import (
    PaiGowCategory,
    PaiGowKey,
    rank_high,
    rank_low,
    set_correctly,
    settings,
)
from crupier.core.poker.short import ShortCategory, ShortKey, best5_short, rank5_short
from crupier.core.poker.small import (
    Category3,
    Category4,
    Key3,
    Key4,
    best3,
    best4,
    rank3,
    rank4,
)

__all__ = [
    "WHEEL",
    "Category",
    "Category3",
    "Category4",
    "Key",
    "Key3",
    "Key4",
    "PaiGowCategory",
    "PaiGowKey",
    "ShortCategory",
    "ShortKey",
    "best3",
    "best4",
    "best5",
    "best5_short",
    "best_key",
    "high",
    "rank3",
    "rank4",
    "rank5",
    "rank5_short",
    "rank_high",
    "rank_low",
    "rank_values",
    "score",
    "score_best",
    "set_correctly",
    "settings",
    "unscore",
]
