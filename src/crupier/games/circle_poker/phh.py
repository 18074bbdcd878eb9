"""Hand records in the PHH format (the poker hand-history standard of the research community,
https://phh.readthedocs.io; PokerKit reads and writes it), and a record read back into a
replay of the engine.

:func:`export` writes a finished deal as PHH text (TOML): the variant code, antes, blinds,
the minimum bet, the starting stacks, every action (``d dh`` hole cards, ``d db`` common
cards, ``pN f`` / ``cc`` / ``cbr``, the draw's ``pN sd`` discards followed by the ``d dh``
cards received, and the showdown ``sm``), the finishing stacks and the
players. ``p1`` is the mà (the first to receive cards). Fields PHH does not define start
with an underscore: the crupier game, profile and deal number, the rake, and the betting
structures PHH cannot name (spread limit, stud's pot fractions). :func:`replay` reads a record
back, enters the dealt cards as the pack, and plays the actions on the engine.

>>> from crupier.games.holdem import Holdem, load_builtin
>>> from crupier.games.circle_poker.packs import seated
>>> from crupier.games.circle_poker.actions import StartDeal
>>> game = seated(Holdem, load_builtin(), {"a": 20000, "b": 20000, "c": 20000, "d": 20000})
>>> _ = game.apply(StartDeal())
>>> while game.state.deal is not None:
...     _ = game.apply(game.auto_action())
>>> text = export(game, game.state.results[-1])
>>> 'variant = "NT"' in text, replay(text).state.chips == game.state.chips
(True, True)
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

from crupier.core.errors import ProfileError
from crupier.games.circle_poker.actions import Bet, Call, Check, DrawSeats, Fold, Raise, Result
from crupier.games.circle_poker.engine import CirclePoker
from crupier.games.circle_poker.packs import dealing
from crupier.games.circle_poker.profile import CirclePokerProfile, Structure
from crupier.i18n import N_

_LIMIT = {Structure.NO_LIMIT: "N", Structure.POT_LIMIT: "P", Structure.FIXED_LIMIT: "F"}
MISDEAL = "# misdeal"
"""The comment line the engine writes when a dealing is collected (other ``#`` lines are
PHH comments: a stub reshuffled, a pot carried over, a false opener)."""


def variant_code(game: CirclePoker) -> str:
    """The PHH variant code (``NT`` no-limit hold'em, ``PO`` pot-limit Omaha, ``F7S`` fixed-limit
    seven card stud); structures PHH has no letter for are written ``X`` + the shape code."""
    return _LIMIT.get(game.profile.stakes.structure, "X") + game.variant.phh


def _value(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


def _after_misdeals(actions: tuple[str, ...]) -> list[str]:
    """The actions of the deal that stood: a misdealt dealing is collected and redealt, so
    the record starts after the last misdeal (PHH has no misdeal action)."""
    marks = [i for i, a in enumerate(actions) if a.startswith(MISDEAL)]
    return list(actions[marks[-1] + 1 :] if marks else actions)


def export(game: CirclePoker, result: Result) -> str:
    """The PHH text of a finished deal of ``game``."""
    stakes = game.profile.stakes
    n = len(result.order)
    blinds = [0] * n
    if stakes.big_blind and game.variant.opener == "position":
        blinds[0], blinds[1 % n] = stakes.small_blind, stakes.big_blind
    fields: dict[str, Any] = {
        "variant": variant_code(game),
        "ante_trimming_status": True,
        "antes": [stakes.ante] * n,
        "blinds_or_straddles": blinds,
        "min_bet": stakes.minimum_bet,
    }
    if stakes.structure is Structure.FIXED_LIMIT:
        fields["small_bet"] = stakes.unit(0)
        fields["big_bet"] = stakes.unit(len(game.variant.streets))
        if game.variant.opener == "stud":
            fields["bring_in"] = stakes.bring_in or stakes.minimum_bet
    fields |= {
        "starting_stacks": list(result.starting),
        "actions": _after_misdeals(result.actions),
        "finishing_stacks": list(result.final),
        "players": list(result.order),
        "hand": result.number,
        "currency": game.profile.currency,
        "_crupier_game": game.game_id,
        "_crupier_profile": game.profile.model_dump(mode="json", exclude={"sources"}),
        "_crupier_rake": result.rake,
        "_crupier_carried_in": result.dead,
        "_crupier_structure": stakes.structure.value,
        "_crupier_misdeals": [a[2:] for a in result.actions if a.startswith(MISDEAL)],
    }
    lines = []
    for key, value in fields.items():
        if key == "_crupier_profile":
            continue
        lines.append(f"{key} = {_value(value)}")
    lines.append(f"_crupier_profile = {_value(json.dumps(fields['_crupier_profile']))}")
    return "\n".join(lines) + "\n"


def replay(text: str) -> CirclePoker:
    """The engine replaying a PHH record written by :func:`export` (or any record of a
    variant and structure it names): the seats in the record's order with the mà at p1,
    the dealt cards entered as the pack, then every action. Returns the engine after the
    deal, whose ``state.results[-1]`` is the deal."""
    from crupier.games.catalogue import game_module

    try:
        data = tomllib.loads(text)
        game_id = data["_crupier_game"]
        profile_data = json.loads(data["_crupier_profile"])
        players = list(data["players"])
        stacks = list(data["starting_stacks"])
        actions = list(data["actions"])
    except (tomllib.TOMLDecodeError, KeyError, ValueError) as exc:
        raise ProfileError(N_("not a crupier PHH record: {exc}", exc=exc)) from None
    module = game_module(game_id)
    profile = module.profile.model_validate(profile_data)
    if not isinstance(profile, CirclePokerProfile):
        raise ProfileError(N_("{game_id} is not a circle-poker game", game_id=game_id))
    # the record holds the players dealt in and their stacks; the table's minimum players and
    # the resta were checked when it was dealt
    table = profile.table.model_copy(update={"min_players": 2})
    resta = profile.resta.model_copy(update={"minimum": 0, "maximum": 0})
    profile = profile.model_copy(update={"table": table, "resta": resta})
    engine = module.engine(profile)
    if not isinstance(engine, CirclePoker):
        raise ProfileError(N_("{game_id} is not a circle-poker game", game_id=game_id))
    game = engine
    from crupier.core.layout import BuyIn
    from crupier.games.circle_poker.actions import StartDeal

    for name, stack in zip(players, stacks, strict=True):
        game.apply(BuyIn(player=name, amount=stack))
    carried = data.get("_crupier_carried_in", 0)
    if carried and hasattr(game.state, "carried"):  # five-card draw's pot from blank hands
        game.state.carried = int(carried)
    game.apply(DrawSeats(seats=tuple(players), ma=1))
    holes: list[list[str]] = [[] for _ in players]
    board: list[str] = []
    received: dict[int, tuple[str, ...]] = {}  # a draw's cards, by the index of its "sd"
    for k, action in enumerate(actions):
        words = action.split()
        if words[:2] == ["d", "dh"] and k and actions[k - 1].split()[1:2] == ["sd"]:
            cards = words[3] if len(words) > 3 else ""
            received[k - 1] = tuple(cards[j : j + 2] for j in range(0, len(cards), 2))
        elif words[:2] == ["d", "dh"]:
            cards = words[3] if len(words) > 3 else ""
            i = int(words[2][1:]) - 1
            holes[i] += [cards[k : k + 2] for k in range(0, len(cards), 2)]
        elif words[:2] == ["d", "db"]:
            board += [words[2][k : k + 2] for k in range(0, len(words[2]), 2)]
    try:
        order, redeal = dealing(game.variant, holes, board)
    except ValueError as exc:
        raise ProfileError(N_("cannot replay this record: {exc}", exc=exc)) from None
    game.apply(StartDeal(order=order, redeal=redeal))
    for k, action in enumerate(actions):
        words = action.split()
        if not words or words[0] in ("d", "#") or words[1] == "sm":
            continue
        player = players[int(words[0][1:]) - 1]
        deal = game.state.deal
        assert deal is not None
        if words[1] == "f":
            game.apply(Fold(player=player))
        elif words[1] == "cc":
            owed = deal.high > deal.bet[player]
            game.apply(Call(player=player) if owed else Check(player=player))
        elif words[1] == "cbr":
            cls = Raise if deal.high else Bet
            game.apply(cls(player=player, to=int(words[2])))
        elif words[1] == "sd":  # the draw: PHH's "stand pat or discard"
            from crupier.games.five_card_draw.actions import Draw

            gone = words[2] if len(words) > 2 else ""
            discard = tuple(gone[j : j + 2] for j in range(0, len(gone), 2))
            game.apply(Draw(player=player, discard=discard, cards=received.get(k, ())))
        else:
            raise ProfileError(
                N_("PHH action {action!r} is not one this engine plays", action=action)
            )
    return game


__all__ = ["export", "replay", "variant_code"]
