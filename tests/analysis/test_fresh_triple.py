"""Fresh decks for Triple Joc (spec 21): the kernel deals a freshly shuffled deck per round,
card by card, and plays the BlackJack hand as the PAR's exact figure assumes (the analysis's
own decisions); the same decks through the engine settle every bet as the kernel does, to
the cent, and the estimates contain the exact edges."""

from __future__ import annotations

from typing import Any

import pytest

from crupier.analysis.fresh_triple import best_play, estimates, play_deck, play_hands
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet, Settled
from crupier.core.rng import SeededSource
from crupier.core.roles import Role
from crupier.games import load_profile
from crupier.games.triple_play.engine import Deal, NewShoe, TriplePlay

STAKE = 1_000  # 10.00 on each bet: every payout (3 to 2, half a Repte) whole
KIND = {"repte": "repte", "box": "blackjack", "poker": "poker"}


def _round(game: TriplePlay, play: Any) -> tuple[Any, dict[str, int]]:
    """One round through the engine on a new deck: the kernel's round from that deck and the
    engine's settlement of each bet."""
    game.apply(NewShoe())
    shoe = game.state.shoe
    assert shoe is not None
    kernel = play_deck(list(shoe.order[shoe.pos :]), game.profile, play)
    for kind in ("repte", "box", "poker"):
        game.apply(PlaceBet(player="ana", spot=f"{kind}-1", amount=STAKE, by=Role.PLAYER))
    game.apply(NoMoreBets())
    events: list[Any] = list(game.apply(Deal()).events)
    events += play_hands(game, "ana", play)
    found = dict.fromkeys(KIND.values(), 0)
    for e in events:
        if isinstance(e, Settled):
            found[KIND[e.spot.split("-", 1)[0]]] += e.net
    return kernel, found


def test_the_same_decks_through_the_engine_settle_every_bet_as_the_kernel() -> None:
    profile = load_profile("triple-play")
    play = best_play(profile)
    game = TriplePlay(profile, SeededSource(21))
    game.apply(BuyIn(player="ana", amount=10**9))
    seen: set[tuple[str, int]] = set()
    for _ in range(300):
        kernel, found = _round(game, play)
        assert found == {b: net * STAKE for b, net in kernel.nets.items()}, (kernel, found)
        seen |= {(b, (n > 0) - (n < 0)) for b, n in found.items()}
        seen.add(("blackjack-net", found["blackjack"]))
    # every bet won and lost; a natural, a double and a push among the BlackJack results
    assert {(b, s) for b in ("repte", "blackjack", "poker") for s in (1, -1)} <= seen
    assert {("blackjack-net", 1500), ("blackjack-net", 2000), ("blackjack-net", 0)} <= seen


def test_split_aces_and_six_card_hands_settle_as_the_kernel() -> None:
    # spec 21: only aces split, once, one card each (their four cards count for the poker);
    # six cards without passing 21 are paid at once and draw no more
    profile = load_profile("triple-play")
    play = best_play(profile)

    def split(r: Any) -> bool:
        return len(r.hands) == 2

    def six(r: Any) -> bool:
        return len(r.hands[0]) == 6 and r.nets["blackjack"] == 1

    seed = 0
    for wanted in (split,) * 6 + (six,) * 6:
        while True:  # a new table per seed until its first deck deals such a round
            seed += 1
            game = TriplePlay(profile, SeededSource(seed))
            game.apply(BuyIn(player="ana", amount=10**9))
            probe = TriplePlay(profile, SeededSource(seed))
            probe.apply(NewShoe())
            assert probe.state.shoe is not None
            if wanted(play_deck(list(probe.state.shoe.order), profile, play)):
                break
        kernel, found = _round(game, play)
        assert found == {b: net * STAKE for b, net in kernel.nets.items()}, (kernel, found)
        assert sum(len(h) for h in kernel.hands) == (4 if wanted is split else 6)


def test_the_kernel_plays_the_exact_figures_decisions_not_the_chart() -> None:
    # one deck: the total-dependent chart's rows differ from the best play on some two-card
    # hands; the kernel plays each of them as the exact analysis does
    from crupier.analysis.blackjack import basic_strategy
    from crupier.games.blackjack.par import analysis_of

    profile = load_profile("triple-play")
    play = best_play(profile)
    chart = basic_strategy(analysis_of(profile)["analysis"])
    assert chart.exceptions
    letters = {"S": "stand", "H": "hit", "D": "double", "P": "split"}
    for hand, up, row, own in chart.exceptions:
        vals = [1 if x == "A" else 10 if x == "T" else int(x) for x in hand.split("-")]
        assert play.action(vals, up) == letters[own] != letters[row], (hand, up)
    # the card order of a hand does not matter, and a hand the play never reaches is refused
    assert play.action([10, 2, 4], 10) == play.action([4, 2, 10], 10)
    with pytest.raises(ValueError, match="never reaches"):
        play.action([10, 10, 1], 5)


def test_the_kernel_estimates_every_bet_around_its_exact_edge() -> None:
    # the kernel plays the BlackJack as its exact figure assumes: each estimate's interval
    # alone (four standard errors) must hold the exact edge
    import numpy as np

    from crupier.analysis.exact import analyse
    from crupier.analysis.fresh_triple import deal_triple
    from crupier.games.triple_play.par import par_chains

    profile = load_profile("triple-play")
    (chain,) = [c for c in par_chains(profile) if c.bet_id == "blackjack"]
    edge = float(analyse(chain, chain.method).house_edge)
    _rows, out, _classes = deal_triple(profile, np.random.Generator(np.random.PCG64(5)), 600_000)
    x = out[:, 2] / 2
    error = x.std() / np.sqrt(x.size)
    assert abs(x.mean() + edge) < 4 * error, (x.mean(), error, edge)
    found = estimates(profile, 4_000, 5)  # the Python play, every bet
    assert sorted(found) == ["blackjack", "poker", "repte"]
    for chain in par_chains(profile):
        edge = float(analyse(chain, chain.method).house_edge)
        est = found[chain.bet_id]
        assert abs(est.mean + edge) < 4 * est.std_error, (chain.bet_id, est, edge)


def test_the_compiled_deal_plays_every_deck_as_the_engine_checked_play() -> None:
    # the compiled deal of crupier simulate, deck for deck against play_deck (whose rounds
    # the engine settles as above): the Repte's cards, the BlackJack's net, the poker's six
    import numpy as np

    from crupier.analysis.fresh_triple import deal_triple
    from crupier.core.poker.batch import card, indices, score_batch

    profile = load_profile("triple-play")
    play = best_play(profile)
    rows, out, classes = deal_triple(profile, np.random.Generator(np.random.PCG64(8)), 3_000)
    nets = set()
    for row, (mine, theirs, half), cls in zip(
        rows.tolist(), out.tolist(), classes.tolist(), strict=True
    ):
        kernel = play_deck([card(i) for i in row], profile, play)
        assert (mine, theirs) == (row[0] // 4, row[1] // 4)
        assert half == kernel.nets["blackjack"] * 2, [str(card(i)) for i in row[:12]]
        assert cls == int(score_batch(indices([kernel.poker]))[0]) >> 16
        nets.add(half)
    assert {-4, -2, 0, 2, 3, 4} <= nets  # doubles lost and won, a push, a natural
