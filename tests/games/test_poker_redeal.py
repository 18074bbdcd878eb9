"""Hand records of deals that dealt their dead cards again (seven card stud with seven
players, five card stud with six: 23.2.1 DEFAULT) replay to the same deal: the burns take
the cards dealt after the pack ran out, and the re-deal order is entered."""

from __future__ import annotations

import pytest

from crupier.core.errors import RuleError
from crupier.core.rng import SeededSource
from crupier.games.catalogue import game_module, load_profile
from crupier.games.circle_poker.actions import StartDeal
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.packs import dealing, seated, stacked
from crupier.games.circle_poker.phh import export, replay


@pytest.mark.parametrize(("game_id", "players"), [("seven-card-stud", 7), ("five-card-stud", 6)])
@pytest.mark.parametrize("seed", range(4))
def test_a_deal_that_reused_its_dead_cards_replays(game_id: str, players: int, seed: int) -> None:
    engine = game_module(game_id).engine
    game = seated(engine, load_profile(game_id), {f"S{i}": 10**6 for i in range(1, players + 1)},  # type: ignore[arg-type]
                  source=SeededSource(seed))  # fmt: skip
    assert isinstance(game, CirclePoker)
    game.apply(StartDeal())
    while game.state.deal is not None:  # everyone to the end: every card is dealt
        action = game.auto_action()
        assert action is not None
        game.apply(action)
    result = game.state.results[-1]
    dealt = sum(len(c) for c in result.cards) + len(result.board)
    burns = sum(1 for s in game.variant.streets if s.burn)
    assert dealt + burns > game.variant.deck  # the dead cards were dealt again
    text = export(game, result)
    again = replay(text)
    assert again.state.results[-1].cards == result.cards
    assert again.state.results[-1].final == result.final
    assert again.state.results[-1].winners == result.winners


def test_stacked_refuses_a_deal_that_needs_a_redeal_and_dealing_gives_it() -> None:
    engine = game_module("five-card-stud").engine
    holes = [["??"] * 5] * 5 + [["??"] * 4 + ["Ah"]]
    with pytest.raises(ValueError):
        stacked(engine.variant, holes)  # type: ignore[attr-defined]
    pack, redeal = dealing(engine.variant, holes)  # type: ignore[attr-defined]
    assert sorted(pack) == sorted(stacked(engine.variant, []))  # type: ignore[attr-defined]
    assert redeal[0] == "Ah" and len(redeal) == 3  # the three burns, the ace first


def test_a_redeal_naming_a_card_twice_is_refused_and_changes_nothing() -> None:
    engine = game_module("five-card-stud").engine
    game = seated(engine, load_profile("five-card-stud"), {f"S{i}": 1000 for i in range(1, 7)})  # type: ignore[arg-type]
    before, log = game.state, list(game.log)
    with pytest.raises(RuleError):
        game.apply(StartDeal(redeal=("Ah", "Ah")))
    assert game.state is before and game.log == log
