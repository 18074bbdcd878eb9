"""Real shoes for the Monte Carlo kernels: shuffled, burnt, dealt to the stop card.

The PAR model of punto banco settles each coup on the exact distribution of a full shoe; a
real shoe's coups depend on each other (card removal) and end at the stop card. This module
deals real shoes, coup by coup, with every rule read from the profile — decks, cards behind
the stop card, the burn (the first card exposed orders that many cards out), Punt's drawing
totals and Banca's drawing table — and returns the coups as indices into the PAR model's
outcomes, so the same compiled bet tables settle them (:mod:`crupier.analysis.simulate`).

A test deals the same shuffled order through this kernel and through the punto banco engine
(a stacked shoe) and compares them coup by coup.

>>> import numpy as np
>>> from crupier.games import load_profile
>>> from crupier.analysis.simulate import compile_game
>>> profile = load_profile("punto-banco")
>>> (space,) = compile_game("punto-banco", profile)
>>> coups = punto_banco_coups(space, profile, np.random.default_rng(1), 1_000)
>>> coups.shape, int(coups.min()) >= 0
((1000,), True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.simulate import OutcomeSpace, _jit


def _deal_shoe_py(
    ranks: npt.NDArray[np.int8],
    start: int,
    stop_at: int,
    player_draws: npt.NDArray[np.bool_],
    banker_draws: npt.NDArray[np.bool_],
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Deal one shoe (``ranks`` in order, 1-13) from card ``start`` while the stop card is
    in (at most ``stop_at`` cards taken when a coup begins); write each coup's outcome
    index into ``out`` from ``filled`` on. Returns the new ``filled``. Compiled by numba."""
    pos = start
    n = ranks.shape[0]
    while pos <= stop_at and pos + 6 <= n and filled < out.shape[0]:
        p1 = ranks[pos]
        b1 = ranks[pos + 1]
        p2 = ranks[pos + 2]
        b2 = ranks[pos + 3]
        pos += 4
        pt = (min(p1, 10) % 10 + min(p2, 10) % 10) % 10
        bt = (min(b1, 10) % 10 + min(b2, 10) % 10) % 10
        if pt < 8 and bt < 8:
            column = 0
            if player_draws[pt]:
                p3 = min(ranks[pos], 10) % 10
                pos += 1
                pt = (pt + p3) % 10
                column = p3 + 1
            if banker_draws[bt, column]:
                bt = (bt + min(ranks[pos], 10) % 10) % 10
                pos += 1
        out[filled] = index[pt, bt, 1 if p1 == p2 else 0, 1 if b1 == b2 else 0]
        filled += 1
    return filled


deal_shoe = _jit(_deal_shoe_py)


def _shuffle_py(deck: npt.NDArray[np.int8], u: npt.NDArray[np.float64]) -> npt.NDArray[np.int8]:
    """Fisher-Yates over ``deck`` with the uniform draws ``u`` (one per position but the
    first): unbiased for exact uniforms; compiled by numba."""
    order = deck.copy()
    for i in range(order.shape[0] - 1, 0, -1):
        j = int(u[i - 1] * (i + 1))
        tmp = order[i]
        order[i] = order[j]
        order[j] = tmp
    return order


shuffle = _jit(_shuffle_py)


def _deal_block_py(
    deck: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    burn: npt.NDArray[np.int32],
    burn_exposed: int,
    stop_at: int,
    player_draws: npt.NDArray[np.bool_],
    banker_draws: npt.NDArray[np.bool_],
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Shuffle and deal one shoe per row of ``uniforms`` until ``out`` is full."""
    for row in range(uniforms.shape[0]):
        if filled >= out.shape[0]:
            break
        order = shuffle(deck, uniforms[row])
        start = burn[order[0]] + burn_exposed
        filled = deal_shoe(order, start, stop_at, player_draws, banker_draws, index, out, filled)
    return filled


deal_block = _jit(_deal_block_py)


def punto_banco_tables(
    space: OutcomeSpace, profile: Any
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
    """The profile's drawing rules as arrays, and the outcome index of each (Punt, Banca,
    Punt pair, Banca pair) in the PAR model's outcomes."""
    rules = profile.rules
    player = np.zeros(10, dtype=np.bool_)
    for total in rules.player_draws:
        player[total] = True
    banker = np.zeros((10, 11), dtype=np.bool_)
    for total, row in rules.banker_table.items():
        for column, letter in enumerate(row):
            banker[int(total), column] = letter == "T"
    index = np.full((10, 10, 2, 2), -1, dtype=np.int32)
    for i, o in enumerate(space.outcomes):
        index[o.player, o.banker, int(o.player_pair), int(o.banker_pair)] = i
    return player, banker, index


def punto_banco_coups(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` coups dealt from real shoes, shoe after shoe (a coup never spans two)."""
    player, banker, index = punto_banco_tables(space, profile)
    return baccarat_coups(profile.shoe, player, banker, index, rng, size)


def baccarat_coups(
    shoe: Any,
    player: npt.NDArray[np.bool_],
    banker: npt.NDArray[np.bool_],
    index: npt.NDArray[np.int32],
    rng: np.random.Generator,
    size: int,
) -> npt.NDArray[np.int32]:
    """``size`` baccarat coups from real shoes (``shoe``: the profile's decks, cards behind
    the stop card and burn), drawn by the tables ``player`` and ``banker``."""
    from crupier.core.cards import FRENCH_RANKS, Card, Suit
    from crupier.games.baccarat.cards import burn_value

    deck = np.array([r for r in range(1, 14) for _ in range(4 * shoe.decks)], dtype=np.int8)
    total = deck.shape[0]
    stop_at = total - shoe.cards_below_stop
    burn = np.array(
        [0] + [burn_value(Card(rank, Suit.SPADES)) for rank in FRENCH_RANKS], dtype=np.int32
    )
    exposed = 1 if shoe.burn_exposed_card else 0
    return _deal_rows(
        rng, size, deck, 60, deal_block, burn, exposed, stop_at, player, banker, index
    )


def _deal_rows(
    rng: np.random.Generator,
    size: int,
    deck: npt.NDArray[np.int8],
    coups_per_shoe: int,
    block: Any,
    *args: Any,
) -> npt.NDArray[np.int32]:
    """``size`` coups from shoes of ``deck`` shuffled one after another: ``block`` (a numba
    function) shuffles each row of uniforms and deals it into the output."""
    out = np.empty(size, dtype=np.int32)
    filled = 0
    while filled < size:
        shoes = max(1, min(512, (size - filled) // coups_per_shoe + 1))
        uniforms = rng.random((shoes, deck.shape[0] - 1))
        filled = block(deck, uniforms, *args, out, filled)
    return out


# -- casino war -------------------------------------------------------------------------------


def _war_shoe_py(
    values: npt.NDArray[np.int8],
    stop_at: int,
    war_burn: int,
    war_offered: bool,
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Deal one casino war shoe (card values 2-14, ace high) heads-up while the cut card is
    in: the box's card, the croupier's; on a tie (where war is offered) ``war_burn`` cards
    burnt, the box's war card and the croupier's. A war the shoe cannot deal any more is
    void (not counted). Compiled by numba."""
    pos = 0
    n = values.shape[0]
    while pos <= stop_at and pos + 2 <= n and filled < out.shape[0]:
        box = values[pos]
        croupier = values[pos + 1]
        pos += 2
        first = 2 if box > croupier else (0 if box < croupier else 1)
        war = 3
        if first == 1 and war_offered:
            if pos + war_burn + 2 > n:
                break
            pos += war_burn
            box = values[pos]
            croupier = values[pos + 1]
            pos += 2
            war = 2 if box > croupier else (0 if box < croupier else 1)
        out[filled] = index[first, war]
        filled += 1
    return filled


war_shoe = _jit(_war_shoe_py)


def _war_block_py(
    deck: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    stop_at: int,
    war_burn: int,
    war_offered: bool,
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    for row in range(uniforms.shape[0]):
        if filled >= out.shape[0]:
            break
        order = shuffle(deck, uniforms[row])
        filled = war_shoe(order, stop_at, war_burn, war_offered, index, out, filled)
    return filled


war_block = _jit(_war_block_py)


def casino_war_index(space: OutcomeSpace) -> npt.NDArray[np.int32]:
    """The outcome index of each (first comparison + 1, war comparison + 1 or 3 for none)."""
    index = np.full((3, 4), -1, dtype=np.int32)
    for i, o in enumerate(space.outcomes):
        index[o.first + 1, 3 if o.war is None else o.war + 1] = i
    return index


def casino_war_coups(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` rounds of one box heads-up dealt from real shoes (the profile's decks and
    cut card), the box going to war on every tie where war is offered.

    >>> from crupier.games import load_profile
    >>> from crupier.analysis.simulate import compile_game
    >>> profile = load_profile("casino-war")
    >>> (space,) = compile_game("casino-war", profile)
    >>> rounds = casino_war_coups(space, profile, np.random.default_rng(1), 1_000)
    >>> rounds.shape, int(rounds.min()) >= 0
    ((1000,), True)
    """
    decks = profile.shoe.decks
    deck = np.array([v for v in range(2, 15) for _ in range(4 * decks)], dtype=np.int8)
    stop_at = deck.shape[0] - profile.shoe.cards_below_stop
    rules = profile.rules
    return _deal_rows(
        rng, size, deck, max(1, stop_at // 2), war_block, stop_at, rules.war_burn,
        rules.war_offered, casino_war_index(space),
    )  # fmt: skip


# -- trente et quarante -------------------------------------------------------------------------


def _trente_shoe_py(
    cards: npt.NDArray[np.int8],
    stop_at: int,
    annul_at_separator: bool,
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Deal one trente et quarante shoe: each card is ``2 * value + red`` (values 1-10).
    The black row to 31 or more, then the red row; the lower point wins, couleur when the
    winner has the colour of the black row's first card. When the separator card comes out
    (before the card at ``stop_at``) the coup in progress is annulled where the rule says
    so or no card of it is out, else finished; the shoe ends. Index: (winner 0 noir, 1
    rouge, 2 a 32-40 tie, 3 a refait of 31; colour 0 couleur, 1 inverse). Compiled by
    numba."""
    pos = 0
    n = cards.shape[0]
    while filled < out.shape[0]:
        black = 0
        red = 0
        first_red = -1
        separator = False
        while black < 31 or red < 31:
            if not separator and pos >= stop_at:
                separator = True
                if annul_at_separator or first_red < 0:
                    return filled
            if pos >= n:
                return filled
            card = cards[pos]
            pos += 1
            if black < 31:
                if first_red < 0:
                    first_red = card & 1
                black += card >> 1
            else:
                red += card >> 1
        if black == red:
            out[filled] = index[3 if black == 31 else 2, 0]
        else:
            winner = 0 if black < red else 1
            winner_red = 1 if winner == 1 else 0
            out[filled] = index[winner, 0 if winner_red == first_red else 1]
        filled += 1
        if separator:
            return filled
    return filled


trente_shoe = _jit(_trente_shoe_py)


def _trente_block_py(
    deck: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    stop_at: int,
    annul_at_separator: bool,
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    for row in range(uniforms.shape[0]):
        if filled >= out.shape[0]:
            break
        order = shuffle(deck, uniforms[row])
        filled = trente_shoe(order, stop_at, annul_at_separator, index, out, filled)
    return filled


trente_block = _jit(_trente_block_py)


def trente_index(space: OutcomeSpace) -> npt.NDArray[np.int32]:
    """The outcome index of each (winner, colour) as :func:`_trente_shoe_py` writes them."""
    from crupier.games.trente_et_quarante.coup import INVERSE, NOIR, ROUGE

    index = np.full((4, 2), -1, dtype=np.int32)
    for i, o in enumerate(space.outcomes):
        if o.winner is None:
            index[3 if o.refait else 2, 0] = i
        else:
            index[{NOIR: 0, ROUGE: 1}[o.winner], 1 if o.colour == INVERSE else 0] = i
    return index


def trente_deck(decks: int) -> npt.NDArray[np.int8]:
    """A trente et quarante shoe as the kernel codes it, ``2 * value + red``."""
    from crupier.core.cards import FRENCH_RANKS, FRENCH_SUITS, Card
    from crupier.games.trente_et_quarante.coup import card_colour, card_value

    codes = [
        2 * card_value(Card(rank, suit)) + (card_colour(Card(rank, suit)) == "red")
        for rank in FRENCH_RANKS
        for suit in FRENCH_SUITS
    ]
    return np.array(codes * decks, dtype=np.int8)


def trente_coups(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` decisive, tied or refait coups dealt from real shoes (the profile's decks
    and separator rule); annulled coups decide nothing and are not counted.

    >>> from crupier.games import load_profile
    >>> from crupier.analysis.simulate import compile_game
    >>> profile = load_profile("trente-et-quarante")
    >>> (space,) = compile_game("trente-et-quarante", profile)
    >>> coups = trente_coups(space, profile, np.random.default_rng(1), 1_000)
    >>> coups.shape, int(coups.min()) >= 0
    ((1000,), True)
    """
    from crupier.games.trente_et_quarante.profile import SeparatorRule

    deck = trente_deck(profile.shoe.decks)
    stop_at = deck.shape[0] - profile.shoe.cards_below_separator
    annul = profile.rules.separator is SeparatorRule.ANNUL
    return _deal_rows(
        rng, size, deck, max(1, stop_at // 10), trente_block, stop_at, annul, trente_index(space)
    )


# -- chemin de fer ----------------------------------------------------------------------------


def chemin_de_fer_tables(
    space: OutcomeSpace, profile: Any
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
    """The drawing tables of the policy ``space`` is simulated under (the punto's and the
    banker's choice in each optional cell, as the PAR sheet states it for the bets of
    ``space``), and the outcome index of each (punto total, banker total, pairs)."""
    from crupier.games.chemin_de_fer.par import par_chains, policies

    rules = profile.rules
    policy_of = {}
    for i, chain in enumerate(par_chains(profile)):  # two sides per policy, in order
        policy_of[chain.bet_id] = policies(rules)[i // 2]
    policy = policy_of[space.bets[0].bet_id]
    player = np.zeros(10, dtype=np.bool_)
    for total, letter in enumerate(rules.punto_table):
        player[total] = letter == "T" or (letter == "O" and policy.punto.get(total, True))
    banker = np.zeros((10, 11), dtype=np.bool_)
    for total, row in rules.banker_table.items():
        for column, letter in enumerate(row):
            third = None if column == 0 else column - 1
            chosen = policy.banker.get((int(total), third), True)
            banker[int(total), column] = letter == "T" or (letter == "O" and chosen)
    result = {o: i for i, o in enumerate(space.outcomes)}
    index = np.full((10, 10, 2, 2), -1, dtype=np.int32)
    for pt in range(10):
        for bt in range(10):
            name = "banker" if bt > pt else "punto" if pt > bt else "tie"
            index[pt, bt] = result.get(name, -1)
    return player, banker, index


def chemin_de_fer_coups(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` chemin de fer coups from real shoes, the punto and the banker playing the
    policy of ``space``'s bets in their optional cells (the mandatory cells from the
    profile's tables), dealt and burnt as punto banco is.

    >>> from crupier.games import load_profile
    >>> from crupier.analysis.simulate import compile_game
    >>> profile = load_profile("chemin-de-fer")
    >>> space = compile_game("chemin-de-fer", profile)[0]
    >>> coups = chemin_de_fer_coups(space, profile, np.random.default_rng(1), 1_000)
    >>> coups.shape, int(coups.min()) >= 0
    ((1000,), True)
    """
    player, banker, index = chemin_de_fer_tables(space, profile)
    return baccarat_coups(profile.shoe, player, banker, index, rng, size)


# -- two-table baccarat -------------------------------------------------------------------------


def _two_tables_shoe_py(
    ranks: npt.NDArray[np.int8],
    start: int,
    stop_at: int,
    punter_draws: npt.NDArray[np.bool_],
    natural_first: bool,
    bank_draws: npt.NDArray[np.bool_],
    result: npt.NDArray[np.int8],
    table: int,
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    """Deal one two-table shoe (ranks 1-13) from ``start`` while the stop card is in: table
    1, table 2, the bank, twice; each table's third card by ``punter_draws[table, total]``
    (none when the bank shows a natural first), the bank's by ``bank_draws[bank, state 1,
    state 2]`` (state 0 a natural, 1 stood, 2 + the third card's value); ``result[point,
    three, natural, bank point, bank three]`` is 0 the bank wins, 1 the table, 2 a tie.
    Writes ``table``'s result as an outcome index. Compiled by numba."""
    pos = start
    n = ranks.shape[0]
    while pos <= stop_at and pos + 9 <= n and filled < out.shape[0]:
        t1 = (min(ranks[pos], 10) % 10 + min(ranks[pos + 3], 10) % 10) % 10
        t2 = (min(ranks[pos + 1], 10) % 10 + min(ranks[pos + 4], 10) % 10) % 10
        b = (min(ranks[pos + 2], 10) % 10 + min(ranks[pos + 5], 10) % 10) % 10
        pos += 6
        stop = natural_first and b >= 8
        x1 = -1
        x2 = -1
        if not stop and t1 < 8 and punter_draws[0, t1]:
            x1 = min(ranks[pos], 10) % 10
            pos += 1
        if not stop and t2 < 8 and punter_draws[1, t2]:
            x2 = min(ranks[pos], 10) % 10
            pos += 1
        bank = b
        three = 0
        if b < 8:
            s1 = 0 if t1 >= 8 else (1 if x1 < 0 else x1 + 2)
            s2 = 0 if t2 >= 8 else (1 if x2 < 0 else x2 + 2)
            if bank_draws[b, s1, s2]:
                bank = (b + min(ranks[pos], 10) % 10) % 10
                pos += 1
                three = 1
        if table == 0:
            point = t1 if x1 < 0 else (t1 + x1) % 10
            r = result[point, 1 if x1 >= 0 else 0, 1 if t1 >= 8 else 0, bank, three]
        else:
            point = t2 if x2 < 0 else (t2 + x2) % 10
            r = result[point, 1 if x2 >= 0 else 0, 1 if t2 >= 8 else 0, bank, three]
        out[filled] = index[r]
        filled += 1
    return filled


two_tables_shoe = _jit(_two_tables_shoe_py)


def _two_tables_block_py(
    deck: npt.NDArray[np.int8],
    uniforms: npt.NDArray[np.float64],
    burn: npt.NDArray[np.int32],
    burn_at_start: bool,
    burn_exposed: int,
    stop_at: int,
    punter_draws: npt.NDArray[np.bool_],
    natural_first: bool,
    bank_draws: npt.NDArray[np.bool_],
    result: npt.NDArray[np.int8],
    table: int,
    index: npt.NDArray[np.int32],
    out: npt.NDArray[np.int32],
    filled: int,
) -> int:
    for row in range(uniforms.shape[0]):
        if filled >= out.shape[0]:
            break
        order = shuffle(deck, uniforms[row])
        start = burn[order[0]] + burn_exposed if burn_at_start else 0
        filled = two_tables_shoe(
            order, start, stop_at, punter_draws, natural_first, bank_draws, result, table,
            index, out, filled,
        )  # fmt: skip
    return filled


two_tables_block = _jit(_two_tables_block_py)


def two_tables_tables(space: OutcomeSpace, profile: Any) -> dict[str, Any]:
    """The kernel's arrays for the policy and the table of ``space``'s bets (the PAR
    sheet's: each table's hand-holder on a free total, the banker in tableau mode and, where
    it leaves him free, the sheet's free-choice rule), read from the profile's rules."""
    from itertools import product

    from crupier.games.baccarat_two_tables import par
    from crupier.games.baccarat_two_tables.rules import Obligation, Showing, banker_obligation
    from crupier.games.baccarat_two_tables.rules import compare as compare_hands

    rules = profile.rules
    counts = par.shoe_counts(profile.shoe.decks)
    keys = list(par._policy_tables(counts, 2, rules))  # the sheet's policies, in its order
    found = {c.bet_id: i for i, c in enumerate(par.punter_chains(profile))}[space.bets[0].bet_id]
    (fives, free), table = keys[found // 2], found % 2
    punter = np.zeros((2, 10), dtype=np.bool_)
    for i, five in enumerate(fives):
        for total in range(8):
            punter[i, total] = par._table_draws(rules, total, five)
    bank = np.zeros((8, 12, 12), dtype=np.bool_)
    for b, s1, s2 in product(range(8), range(12), range(12)):
        thirds = [None if s == 1 else s - 2 for s in (s1, s2) if s != 0]
        must = banker_obligation(
            rules.bank_tableau, b, thirds, tableau_mode=True, optional=rules.tableau_optional,
            one_table=rules.tableau_one_table,
        )  # fmt: skip
        bank[b, s1, s2] = must is Obligation.DRAW or (
            must is Obligation.FREE and par.FREE_RULES[free](b)
        )
    word = {"bank": 0, "table": 1, "tie": 2}
    result = np.zeros((10, 2, 2, 10, 2), dtype=np.int8)
    for point, three, natural, bp, bank_three in product(
        range(10), (0, 1), (0, 1), range(10), (0, 1)
    ):
        hand = Showing(point, three=bool(three), natural=bool(natural))
        banker = Showing(bp, three=bool(bank_three), natural=not bank_three and bp >= 8)
        outcome = compare_hands(hand, banker, nine_beats_three=rules.nine_beats_three_card)
        result[point, three, natural, bp, bank_three] = word[outcome]
    names = {o: i for i, o in enumerate(space.outcomes)}
    index = np.array([names.get(k, -1) for k in ("banker", "punto", "tie")], dtype=np.int32)
    return {"punter_draws": punter, "natural_first": bool(rules.banker_natural_first),
            "bank_draws": bank, "result": result, "table": table, "index": index}  # fmt: skip


def two_tables_coups(
    space: OutcomeSpace, profile: Any, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` two-table coups from real shoes (the profile's decks, burn and stop card),
    played by the policy of ``space``'s bets; each coup's result for their table.

    >>> from crupier.games import load_profile
    >>> from crupier.analysis.simulate import compile_game
    >>> profile = load_profile("baccarat-two-tables")
    >>> space = compile_game("baccarat-two-tables", profile)[0]
    >>> coups = two_tables_coups(space, profile, np.random.default_rng(1), 1_000)
    >>> coups.shape, int(coups.min()) >= 0
    ((1000,), True)
    """
    from crupier.core.cards import FRENCH_RANKS, Card, Suit
    from crupier.games.baccarat.cards import burn_value

    shoe = profile.shoe
    k = two_tables_tables(space, profile)
    deck = np.array([r for r in range(1, 14) for _ in range(4 * shoe.decks)], dtype=np.int8)
    burn = np.array(
        [0] + [burn_value(Card(rank, Suit.SPADES)) for rank in FRENCH_RANKS], dtype=np.int32
    )
    stop_at = deck.shape[0] - shoe.cards_below_stop
    return _deal_rows(
        rng, size, deck, max(1, stop_at // 8), two_tables_block, burn, bool(shoe.burn_at_start),
        1 if shoe.burn_exposed_card else 0, stop_at, k["punter_draws"], k["natural_first"],
        k["bank_draws"], k["result"], k["table"], k["index"],
    )  # fmt: skip


#: Games whose kernel deals real shoes instead of drawing from the PAR model's distribution.
REAL_SHOES = {
    "baccarat-two-tables": two_tables_coups,
    "punto-banco": punto_banco_coups,
    "chemin-de-fer": chemin_de_fer_coups,
    "casino-war": casino_war_coups,
    "trente-et-quarante": trente_coups,
}
