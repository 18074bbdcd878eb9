"""17 — Mahjong Pai Gow: three player positions against the bank position, two tiles each.

Spec: ``spec/games/17-mahjong-pai-gow.md`` (seed 000, "17 - Mahjong Pai Gow"). Players bet on
the three player positions: ``win-N`` (the position beats the bank), ``lose-N`` (the bank beats
it), both paid 1 to 1 less the 5 % commission; ``tie-N`` 60 to 1 (the same two values);
``pair-N`` 6 to 1 (the position's tiles match). The 40 tiles are mixed once for a set of five
rounds; Tie and Pair are closed from the fourth round of a set. Each round the croupier throws
three dice: the sum names the position served first, and four stacks of two tiles go round
counter-clockwise from it (:class:`Deal`).

>>> from crupier.games.mahjong_pai_gow import load_builtin
>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = MahjongPaiGow(load_builtin())
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> _ = game.apply(PlaceBet(player="ana", spot="win-1", amount=10_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(dice=(4, 6, 3), tiles=("3", "7", "4", "8", "1", "1", "2", "2")))
>>> game.state.players["ana"], game.state.set_round
(109500, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from crupier.core.dice import check_dice, roll
from crupier.core.errors import IllegalAction, MalformedAction, WrongPhase
from crupier.core.layout import (
    COMMON_ACTIONS,
    Bet,
    LayoutGame,
    LayoutState,
    Note,
    Phase,
    Spot,
    Void,
)
from crupier.core.resolution import Push, Resolution
from crupier.core.rng import RandomSource, shuffle
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.games.mahjong_pai_gow.profile import GAME_ID, MahjongProfile
from crupier.games.mahjong_pai_gow.tiles import (
    POSITIONS,
    VALUES,
    Deal4,
    first_position,
    parse_tile,
    resolve,
    spot_of,
    tile_name,
)
from crupier.i18n import N_


@dataclass(frozen=True, kw_only=True)
class Deal(Action):
    """Throw the dice and deal the round's four stacks.

    ``dice``: the three dice as thrown (empty: thrown from the random source); a void throw is
    thrown again before it is entered. ``tiles``: at a live table the eight tiles in the order
    dealt (the first stack to the position the dice name, then counter-clockwise); empty at an
    electronic table, where the set's wall was mixed from the random source.
    """

    kind: ClassVar[str] = "deal"
    dice: tuple[int, ...] = ()
    tiles: tuple[str, ...] = ()


@dataclass
class MahjongState(LayoutState):
    """The layout, the round of the set and the set's tiles."""

    set_round: int = 1
    """The round of the current set about to be dealt (1 to ``rules.rounds_per_set``)."""
    sets: int = 0
    wall: tuple[int, ...] | None = None
    """The mixed set at an electronic table, in wall order (``None`` until its first deal)."""
    used: dict[int, int] = field(default_factory=dict)
    """Tiles of each value already dealt from the set."""
    live: bool | None = None
    """How the set's tiles are dealt: entered (live) or from the wall; ``None`` before its first
    round."""


_STAFF = frozenset({Role.CROUPIER, Role.HEAD, Role.INSPECTOR})
_PLAYER_OR_CROUPIER = frozenset({Role.PLAYER, Role.CROUPIER})


class MahjongPaiGow(LayoutGame[MahjongProfile, MahjongState]):
    """The Mahjong Pai Gow engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = registry(*COMMON_ACTIONS, Deal)
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        "buy-in": _STAFF,
        "cash-out": _STAFF,
        "place-bet": _PLAYER_OR_CROUPIER,
        "take-down": _PLAYER_OR_CROUPIER,
        "no-more-bets": _STAFF,
        "deal": frozenset({Role.CROUPIER, Role.SYSTEM}),
        "void": _STAFF,
        "last-rounds": _STAFF | {Role.DIRECTOR},
        "suspend": frozenset({Role.DIRECTOR}),
        "reopen": frozenset({Role.DIRECTOR}),
    }
    play_help: ClassVar[str] = N_(
        "spots: win-N, lose-N (0.95 to 1), tie-N (60 to 1), pair-N (6 to 1), N = position 1-3;\n"
        "tie and pair are closed from the 4th round of a set of five"
    )

    def initial_state(self) -> MahjongState:
        return MahjongState()

    # -- layout hooks -----------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        return spot_of(text)

    def maximum(self, spot: Spot) -> int:
        return self.profile.limits.minimum * self.profile.maxima.max_multiple

    def check_bet(self, state: MahjongState, player: str, spot: Spot, amount: int) -> None:
        closed = self.profile.rules.side_bets_closed_from
        if spot.bet_type in ("tie", "pair") and state.set_round >= closed:
            raise IllegalAction(
                N_(
                    "{spot}: Tie and Pair bets are closed from round {closed} of the set "
                    "(this is round {set_round})",
                    spot=spot.name,
                    closed=closed,
                    set_round=state.set_round,
                )
            )

    def on_round_start(self, state: MahjongState) -> list[Event]:
        if not state.bets:
            raise IllegalAction(N_("no bet is on the layout: there is nothing to deal"))
        return [Note(text=f'"{self.profile.announcements.no_more_bets}"')]

    def resolve(self, bet: Bet, spot: Spot, outcome: Any, state: MahjongState) -> Resolution:
        assert isinstance(outcome, Deal4)
        position = int(spot.name.rsplit("-", 1)[1])
        return resolve(self.profile, spot.bet_type, outcome.hands[position], outcome.hands[0])

    def settlement_order(self, spot: Spot) -> int:
        return int(spot.name.rsplit("-", 1)[1])

    def announce(self, outcome: Any) -> str:
        return str(outcome)

    # -- the round --------------------------------------------------------------------------

    def extra_step(
        self, state: MahjongState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        if isinstance(action, Deal):
            return self._deal(state, action, source)
        return super().extra_step(state, action, source)

    def _deal(self, state: MahjongState, action: Deal, source: RandomSource) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        rules = self.profile.rules
        if action.tiles:
            if state.live is False:
                raise MalformedAction(N_("deal: this set is dealt from its wall, not entered"))
            tiles = [parse_tile(t, "deal") for t in action.tiles]
            if len(tiles) != 8:
                raise MalformedAction(
                    N_("deal: a round deals 8 tiles, not {n_tiles}", n_tiles=len(tiles))
                )
            counts = Counter(tiles)
            for value, n in counts.items():
                if state.used.get(value, 0) + n > rules.tiles_per_value:
                    raise MalformedAction(
                        N_(
                            "deal: the set holds {tiles_per_value} tiles of "
                            "{tile_name}; {get} are already dealt",
                            tiles_per_value=rules.tiles_per_value,
                            tile_name=tile_name(value),
                            get=state.used.get(value, 0),
                        )
                    )
        elif state.live:
            raise MalformedAction(N_("deal: this set's tiles are entered at the table"))
        try:
            dice = check_dice(action.dice, 3) if action.dice else None
        except ValueError as exc:
            raise MalformedAction(
                N_("deal: {exc} (a void throw is thrown again)", exc=exc)
            ) from None
        if dice is None:
            dice = roll(source, 3)
        events: list[Event] = []
        if not action.tiles:
            if state.wall is None:
                wall = [v for v in VALUES for _ in range(rules.tiles_per_value)]
                shuffle(wall, source)
                state.wall = tuple(wall)
                events.append(Note(text=N_("the {n} tiles are mixed into a wall", n=len(wall))))
            start = 8 * (state.set_round - 1)
            tiles = list(state.wall[start : start + 8])
        state.live = bool(action.tiles)
        for value in tiles:
            state.used[value] = state.used.get(value, 0) + 1
        first = first_position(dice)
        hands: list[tuple[int, int]] = [(0, 0)] * 4
        for j in range(4):
            hands[(first + j) % 4] = (tiles[2 * j], tiles[2 * j + 1])
        outcome = Deal4(tuple(dice), first, tuple(hands))
        events.append(
            Note(
                text=N_(
                    "round {set_round} of the set; {POSITIONS} first",
                    set_round=state.set_round,
                    POSITIONS=POSITIONS[first],
                )
            )
        )
        events += self.settle(state, outcome)
        self._next_round(state, events)
        return events

    def _next_round(self, state: MahjongState, events: list[Event]) -> None:
        state.set_round += 1
        if state.set_round > self.profile.rules.rounds_per_set:
            self._new_set(state)
            events.append(Note(text=N_("the set is over: the tiles are mixed again")))

    def _new_set(self, state: MahjongState) -> None:
        state.set_round = 1
        state.sets += 1
        state.wall = None
        state.used = {}
        state.live = None

    def _void(self, state: MahjongState, action: Void) -> list[Event]:
        """A tile exposed or a wrong number dealt (spec 17, Errors DEFAULT): the round is void,
        every bet returned, and the tiles are mixed again (a new set at round 1)."""
        if state.phase is not Phase.NO_MORE_BETS:
            raise WrongPhase(N_("there is no deal in progress to void"))
        reason = f" ({action.reason})" if action.reason else ""
        state.voids += 1
        events: list[Event] = [
            Note(text=N_("void round{reason}: all bets are returned", reason=reason))
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            events.append(self.apply_resolution(state, bet, Push()))
        state.phase = Phase.BETTING
        self._new_set(state)
        events.append(Note(text=N_("the tiles are mixed again: a new set starts at round 1")))
        return events

    # -- views and the electronic table -----------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        return ["deal"] if self.state.phase is Phase.NO_MORE_BETS else []

    def view(self, seat: str | None = None) -> JSON:
        out = super().view(seat)
        out["last_results"] = [str(r) for r in self.state.results[-12:]]
        out["set_round"] = self.state.set_round
        out["side_bets_open"] = self.state.set_round < self.profile.rules.side_bets_closed_from
        kinds = ("win", "lose", "tie", "pair") if out["side_bets_open"] else ("win", "lose")
        out["spots"] = [f"{k}-{n}" for n in range(1, len(POSITIONS)) for k in kinds]
        return out

    def auto_round(self) -> list[Action]:
        """Close the bets, throw the dice and deal."""
        if self.state.phase is Phase.NO_MORE_BETS:
            return [Deal()]
        return [self.actions["no-more-bets"](), Deal()]


__all__ = ["Deal", "MahjongPaiGow", "MahjongState"]
