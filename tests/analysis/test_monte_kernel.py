"""Monte's real-pack kernel: the same pack through the kernel and the engine, coup for coup
(the same layout, the same phase results, the same settlement of every PAR bet), and its
estimates around the exact edges averaged over every layout."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from crupier.analysis.monte_kernel import (
    MonteSettler,
    deal_coup,
    exact_edges,
    layout_rules,
    pack_codes,
)
from crupier.analysis.shoes import shuffle
from crupier.analysis.simulate import simulate
from crupier.core.cards import SPANISH_RANKS, Card
from crupier.core.errors import IllegalAction
from crupier.core.layout import BuyIn, NoMoreBets, PlaceBet
from crupier.core.roles import Role
from crupier.core.round import ScriptedSource
from crupier.games.monte import Draw, Layout, Monte, card_name, load_builtin
from crupier.games.monte.bets import Stage
from crupier.games.monte.par import PAR_BETS
from crupier.games.monte.profile import LowerPair, MonteProfile

STAKE = 500  # the minimum: every payout of the sheet is a whole number of cents on it


def _card(profile: MonteProfile, code: int) -> Card:
    return Card(SPANISH_RANKS[code >> 2], profile.pack.suit_order[code & 3])


def _engine_coup(profile: MonteProfile, order: np.ndarray) -> tuple[Monte, dict[str, int | None]]:
    """One coup at the engine from the pack ``order`` (top first, as the kernel reads it):
    the engine's own shuffle is fed the Fisher-Yates draws that lay the pack in that order
    (cut at one card). Every PAR bet is placed by its own player in its phase; returns each
    player's net, None where the bet was refused."""
    codes = pack_codes(profile).tolist()
    wanted = [int(order[-1])] + [int(c) for c in order[:-1]]  # the cut moves one card down
    work = list(codes)
    draws = []
    for i in range(39, 0, -1):
        j = work.index(wanted[i], 0, i + 1)
        work[i], work[j] = work[j], work[i]
        draws.append((i + 1, j))
    game = Monte(profile, source=ScriptedSource(draws))
    for bet_id, _spot, _phase in PAR_BETS:
        game.apply(BuyIn(player=bet_id, amount=1_000_000))
    game.apply(Layout(cut=1))
    nets: dict[str, int | None] = {}
    if game.state.layout is None:
        return game, nets
    for stage in (Stage.PRIMERES, Stage.SEGONES):
        for bet_id, spot, phase in PAR_BETS:
            if phase is stage:
                try:
                    game.apply(PlaceBet(player=bet_id, spot=spot, amount=STAKE, by=Role.PLAYER))
                    nets[bet_id] = 0
                except IllegalAction:
                    nets[bet_id] = None
        game.apply(NoMoreBets())
        record = game.apply(Draw())
        for event in record.events:
            if event.kind == "settled":
                player = event.to_dict()["player"]
                nets[player] = (nets[player] or 0) + event.to_dict()["net"]
    return game, nets


def _stacked(profile: MonteProfile, bottom: str, top: str, rng: np.random.Generator) -> np.ndarray:
    """A pack whose bottom cards (the last first) and top cards are the spec's, the rest
    shuffled between them."""
    code = {int(c): c for c in pack_codes(profile).tolist()}
    names = {card_name(_card(profile, c)): c for c in code}
    low = [names[n] for n in bottom.split()]
    high = [names[n] for n in top.split()]
    middle = [c for c in code if c not in low and c not in high]
    rng.shuffle(middle)
    return np.array(high + middle + low[::-1], dtype=np.int8)


#: Packs stacked to the spec's layouts (bottom cards, top cards): L3 (P1 tripled, P2
#: doubled, example 11), example 16 (a burnt value comes back), 17 (P4 of P3's value) and
#: 18 (a fourth card of P2's value: the coup is void).
SPEC_PACKS = [
    ("2O 5C", "2C 2E 5E 3B 4C"),
    ("7O 7E 7C 3O 6C", "RE 1B"),
    ("3O 6C", "RE RC 1B 5E"),
    ("2O 5C", "5E 5B 5O"),
]


@pytest.mark.parametrize(
    "variant",
    [
        {},
        {"layout": {"lower_pair": LowerPair.BURN_CARD, "burn_burnt_values": False}},
    ],
    ids=["andorra", "burn-card-no-burnt-values"],
)
def test_kernel_and_engine_play_the_same_coups_from_one_pack(variant: dict) -> None:
    base = load_builtin()
    profile = base.model_copy(
        update={k: getattr(base, k).model_copy(update=v) for k, v in variant.items()}
    )
    settler = MonteSettler.of(profile)
    deck = pack_codes(profile)
    ends, game_end, burn_burnt, burn_both = layout_rules(profile)
    rng = np.random.default_rng(15)
    stacks = np.empty((4, 3), dtype=np.int8)
    burnt = np.empty(40, dtype=np.int8)
    seen = {"void": 0, "doubled": 0, "burnt": 0, "segones bets": 0, "10 %": 0}
    packs = [_stacked(profile, low, high, rng) for low, high in SPEC_PACKS]
    packs += [shuffle(deck, rng.random(39)) for _ in range(300)]
    for order in packs:
        status, key, prim, seg = deal_coup(
            order, ends, game_end, burn_burnt, burn_both, stacks, burnt
        )
        game, nets = _engine_coup(profile, order)
        lay = game.state.layout
        if status == 1:
            assert lay is None and game.state.void_coups == 1
            seen["void"] += 1
            continue
        assert lay is not None
        kernel_stacks = tuple(
            tuple(_card(profile, int(c)) for c in stacks[b] if c >= 0) for b in range(4)
        )
        assert kernel_stacks == lay.stacks
        assert [_card(profile, int(c)) for c in burnt if c >= 0] == list(lay.burnt)
        assert settler.layout(int(key)).k == lay.k and settler.layout(int(key)).d == lay.d
        seen["doubled"] += lay.d > 0
        seen["burnt"] += len(lay.burnt) > 0
        row = settler.row(int(key), int(prim), int(seg))
        for (bet_id, _spot, phase), (taken, net, _won) in zip(settler.bets, row, strict=True):
            engine = nets.get(bet_id)
            if not taken:
                assert engine is None, bet_id
                continue
            assert engine is not None, bet_id
            assert Fraction(engine, STAKE) == net, (bet_id, lay.describe())
            seen["segones bets"] += phase is Stage.SEGONES
        seen["10 %"] += prim % 2
    assert all(seen.values()), seen  # every kind of coup was met


def test_class_layout_settles_as_the_layout_it_stands_for() -> None:
    """A class's layout (values relabelled, suits rotated) has the engine layout's
    counters and annulled cards, up to the relabelling: spec 13's L3 (P1 tripled, P2
    doubled) has k = 3, d = 3 and annuls one card for the horizontal bet."""
    profile = load_builtin()
    settler = MonteSettler.of(profile)
    # P1 tripled by its camo and viudo (offsets 1, 2), P2 doubled by its viudo (offset 2)
    key = (0b011 | (0b010 << 6)) | (3 << 24)
    lay = settler.layout(key)
    assert (lay.k, lay.d, lay.status(0), lay.status(1)) == (3, 3, "T", "D")
    assert len(lay.annulled["horizontal-top"]) == 1 and lay.left == (1, 2, 3, 3)


def test_real_packs_estimate_every_bet_around_its_exact_edge_over_every_layout() -> None:
    res = simulate("monte", rounds=200_000, seed=3, batch=100_000)
    edges = exact_edges("andorra", None)
    assert {b.bet_id for b in res.bets} == {b for b, _, _ in PAR_BETS}
    for bet in res.bets:
        assert bet.exact_edge == edges[bet.bet_id]
        assert abs(bet.difference) <= 4 * bet.std_error, (bet.bet_id, bet.difference)
        assert bet.resolved > 10_000  # even the segones bets are taken on a third of coups
    vista = next(b for b in res.bets if b.bet_id == "vista-hermosa")
    # over every layout Vista Hermosa pays 32 - k: its edge is above the clean layout's 1/12
    assert float(vista.exact_edge) > 1 / 12
