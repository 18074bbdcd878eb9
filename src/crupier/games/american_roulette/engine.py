"""02 — American roulette, single zero: the engine (la partage at once, colour chips, and
payments grouped by player), on the roulette family's (:mod:`crupier.games.roulette.engine`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from crupier.core.errors import (
    BetOverMaximum,
    BetUnderMinimum,
    IllegalAction,
    MalformedAction,
    NotMultipleOfUnit,
)
from crupier.core.layout import (
    COMMON_ACTIONS,
    Note,
    Phase,
    Settled,
    Spot,
)
from crupier.core.money import Money, check_amount, parse_amount
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, registry
from crupier.games.american_roulette.profile import AmericanRouletteProfile
from crupier.games.roulette.bets import (
    spot_of,
)
from crupier.games.roulette.engine import (
    BY_CROUPIER,
    BY_DIRECTOR,
    AnnouncedBet,
    ColourSeries,
    Result,
    RouletteGame,
    RouletteState,
    Spin,
    ZeroChoice,
)
from crupier.games.roulette.profile import AMERICAN
from crupier.i18n import N_


@dataclass(frozen=True, kw_only=True)
class ColourChips(Action):
    """American roulette: a series of colour chips for ``player`` at ``value`` each
    (``None``: the table minimum). Further chips of the same colour keep the value."""

    kind: ClassVar[str] = "colour-chips"
    player: str
    colour: str
    value: int | None = None


@dataclass(frozen=True, kw_only=True)
class ColourCashIn(Action):
    """American roulette: the player's colour chips are exchanged back; the colour is free."""

    kind: ClassVar[str] = "colour-cash-in"
    player: str


AMERICAN_ORDER: tuple[str, ...] = (
    "double-column",
    "column",
    "high",
    "odd",
    "black",
    "red",
    "even",
    "low",
    "double-dozen",
    "dozen",
    "six-line",
    "street",
    "corner",
    "split",
    "straight",
)
"""Payment order of 004 02 III / 002 02 III.b (spec 02, Round procedure 3)."""


class AmericanRoulette(RouletteGame[AmericanRouletteProfile]):
    """02 — American roulette, single zero: la partage at once, colour chips, and payments
    grouped by player."""

    game_id: ClassVar[str] = AMERICAN
    actions: ClassVar[dict[str, type[Action]]] = registry(
        *COMMON_ACTIONS, Spin, Result, ZeroChoice, AnnouncedBet, ColourChips, ColourCashIn
    )
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": BY_CROUPIER,
        "cash-out": BY_CROUPIER,
        "place-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "take-down": frozenset({Role.PLAYER, Role.CROUPIER}),
        "announced-bet": frozenset({Role.PLAYER, Role.CROUPIER}),
        "zero-choice": frozenset({Role.PLAYER, Role.CROUPIER}),
        "colour-chips": frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR}),
        "colour-cash-in": BY_CROUPIER,
        "spin": BY_CROUPIER,
        "no-more-bets": BY_CROUPIER,
        "result": BY_CROUPIER,
        "void": frozenset({Role.HEAD, Role.INSPECTOR}),
        "last-rounds": frozenset({Role.DIRECTOR, Role.HEAD, Role.INSPECTOR}),
        "suspend": BY_DIRECTOR,
        "reopen": BY_DIRECTOR,
    }
    play_help: ClassVar[str] = N_(
        "spots: straight N (or N), split A/B, street N, trio 0-1-2|0-2-3, corner A B C D,\n"
        "  six-line A, column 1-3, dozen 1-3 (or 1-12), double-column 1-2|2-3,\n"
        "  double-dozen 1-2|2-3, red black even odd low high\n"
        "announced: voisins C, tiers C, orphelins C, jeu-zero C, finale D C, neighbours N C\n"
        "  (C = the chip, e.g. bet voisins 5)\n"
        "e.g.  bet red 10   bet 17 5   bet split 8 11 5   bet dozen 1-12 10\n"
        "spin cw|ccw: launch the wheel that way (it alternates; go picks the right one), "
        "colour NAME [VALUE]"
    )

    def settlement_order(self, spot: Spot) -> int:
        return AMERICAN_ORDER.index(spot.bet_type)

    def settle(self, state: RouletteState, outcome: Any) -> list[Event]:
        """Settle as the core does, then pay each player's winning bets together: players
        in the order of their first winning bet in the payment order (spec 02)."""
        count = len(state.bets)
        events = super().settle(state, outcome)
        head, round_events, tail = events[:1], events[1 : 1 + count], events[1 + count :]
        settled = [e for e in round_events if isinstance(e, Settled)]
        losers = [e for e in settled if e.decision == "lose"]
        payers = [e for e in settled if e.decision != "lose"]

        def rank(e: Settled) -> tuple[int, int]:
            return (self.settlement_order(self.spot(e.spot)), e.bet)

        first: dict[str, tuple[int, int]] = {}
        for e in payers:
            first[e.player] = min(first.get(e.player, rank(e)), rank(e))
        payers.sort(key=lambda e: (first[e.player], rank(e)))
        return [*head, *losers, *payers, *tail]

    def colour_stake(self, player: str, chips: int) -> int:
        """The value of ``chips`` colour chips of ``player`` (minor units)."""
        for series in self.state.colours.values():
            if series.player == player:
                return series.value * chips
        raise IllegalAction(N_("{player} holds no colour chips", player=player))

    def extra_step(
        self, state: RouletteState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, ColourChips):
            return self._colour_chips(state, action)
        if isinstance(action, ColourCashIn):
            return self._colour_cash_in(state, action)
        return super().extra_step(state, action, source)

    def _colour_chips(self, state: RouletteState, action: ColourChips) -> list[Event]:
        self.require_phase(state, Phase.BETTING, Phase.NO_MORE_BETS)
        player = self._player(state, action.player)
        if not isinstance(action.colour, str) or not action.colour.strip():
            raise MalformedAction(N_("{colour!r} is not a colour", colour=action.colour))
        colour = action.colour.strip().lower()
        minimum = self.profile.limits.minimum
        value = minimum if action.value is None else check_amount(action.value)
        top = self.maximum(spot_of(_STRAIGHT_ZERO))
        if value < minimum:
            raise BetUnderMinimum(
                N_(
                    "colour {colour}: {value:money} is under the table minimum {minimum:money}",
                    colour=colour,
                    value=Money(value),
                    minimum=Money(minimum),
                )
            )
        if value > top:
            raise BetOverMaximum(
                N_(
                    "colour {colour}: {value:money} is over the straight maximum {top:money}",
                    colour=colour,
                    value=Money(value),
                    top=Money(top),
                )
            )
        if not self.profile.colour_chips.expressible(value):
            raise NotMultipleOfUnit(
                N_(
                    "colour {colour}: {value:money} cannot be made of the casino's chips",
                    colour=colour,
                    value=Money(value),
                )
            )
        series = state.colours.get(colour)
        if series is not None and series.player != player:
            raise IllegalAction(
                N_("colour {colour} is played by {player}", colour=colour, player=series.player)
            )
        held = [c for c, s in state.colours.items() if s.player == player]
        if held and held[0] != colour:
            raise IllegalAction(
                N_("{player} already plays colour {held}", player=player, held=held[0])
            )
        if series is not None:
            if series.value != value:
                raise IllegalAction(
                    N_(
                        "colour {colour} is worth {series:money} while its chips are "
                        "out: cash them in to take a new series",
                        colour=colour,
                        series=Money(series.value),
                    )
                )
            return [
                Note(
                    text=N_(
                        "more {colour} chips for {player} at {value:money}",
                        colour=colour,
                        player=player,
                        value=Money(value),
                    )
                )
            ]
        if len(state.colours) >= self.profile.colour_chips.colours:
            raise IllegalAction(
                N_("all {colours} colours are in play", colours=self.profile.colour_chips.colours)
            )
        state.colours[colour] = ColourSeries(player, value)
        return [
            Note(
                text=N_(
                    "{player} plays {colour} chips at {value:money}",
                    player=player,
                    colour=colour,
                    value=Money(value),
                )
            )
        ]

    def _colour_cash_in(self, state: RouletteState, action: ColourCashIn) -> list[Event]:
        player = self._player(state, action.player)
        held = [c for c, s in state.colours.items() if s.player == player]
        if not held:
            raise IllegalAction(N_("{player} holds no colour chips", player=player))
        if any(b.player == player for b in state.bets.values()):
            raise IllegalAction(
                N_("{player}'s {held} chips are still on the layout", player=player, held=held[0])
            )
        for colour in held:
            del state.colours[colour]
        return [Note(text=N_("{player} cashes in the {held} chips", player=player, held=held[0]))]

    def game_legal_actions(self) -> list[str]:
        kinds = super().game_legal_actions()
        if self.state.phase in (Phase.BETTING, Phase.NO_MORE_BETS):
            kinds += ["colour-chips", "colour-cash-in"]
        return kinds

    def view(self, seat: str | None = None) -> dict[str, Any]:
        out = super().view(seat)
        out["colours"] = {
            c: {"player": s.player, "value": s.value} for c, s in self.state.colours.items()
        }
        return out

    def play_command(self, words: list[str], player: str) -> Action | None:
        """Adds ``colour NAME [VALUE]`` to the French commands."""
        if words and words[0].lower() in ("colour", "color") and len(words) in (2, 3):
            value = parse_amount(words[2]) if len(words) == 3 else None
            return ColourChips(player=player, colour=words[1], value=value)
        return super().play_command(words, player)


_STRAIGHT_ZERO = "straight 0"
"""The single zero's straight-up spot, by its code."""

__all__ = ["AMERICAN_ORDER", "AmericanRoulette", "ColourCashIn", "ColourChips"]
