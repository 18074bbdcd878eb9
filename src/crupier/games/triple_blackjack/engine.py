"""19 — Triple Black Jack: one blackjack hand played against three croupier hands.

Spec: ``spec/games/19-triple-blackjack.md``. The engine is blackjack's
(:class:`~crupier.games.blackjack.engine.Blackjack`): the deal, the players' decisions, the
errors, seats, consent and the shoe are the base game's. What differs:

* each player place N (``rules.boxes`` of them) has three betting boxes, spots ``box-N-1``,
  ``box-N-2``, ``box-N-3`` (also ``N-1`` ...), one bet per person per box, up to
  ``rules.max_bets_per_box`` bets on each box, the limits per box; the place's controller
  plays the one hand every box of the place rides on;
* a double or a split puts an extra stake equal to the bet on every box of the hand that
  carries a bet (spec 19 DEFAULT); a bust loses every box at once;
* the croupier keeps his first card and builds three hands on it, one per box: each
  :class:`~crupier.games.blackjack.engine.DealerPlay` plays the next round that has a bet
  (the croupier draws only with a competitor on that box), settles that box's insurance
  (``insurance-N-K``, :class:`Insure` with ``part``), then that box's bets from his right;
* a second card the croupier takes too early, in the players' turn or between his rounds,
  is burnt (:class:`~crupier.games.blackjack.engine.DealerEarlyCard`).

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = TripleBlackjack(load_builtin())
>>> _ = game.apply(NewShoe(live=True, burn=("2s", "2h", "2d", "2c", "3s")))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> for k in (1, 2, 3):
...     _ = game.apply(PlaceBet(player="ana", spot=f"box-1-{k}", amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("Tc", "7h", "8d")))
>>> _ = game.apply(Stand(player="ana", box=1, by=Role.PLAYER))
>>> for cards in (("Ts",), ("5s", "9c"), ("Qd",)):
...     _ = game.apply(DealerPlay(cards=cards))
>>> game.state.players["ana"], [len(h) for h in game.state.dealer_rounds]
(101000, [2, 3, 2])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.errors import (
    IllegalAction,
    MalformedAction,
    RuleError,
    UnknownSpot,
    WrongPhase,
)
from crupier.core.layout import Bet, Phase, Spot
from crupier.core.resolution import Lose, Resolution, Win
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event
from crupier.games.blackjack import engine as base
from crupier.games.blackjack.engine import (
    Blackjack,
    BlackjackState,
    Deal,
    DealerEarlyCard,
    DealerPlay,
    Double,
    Hand,
    Hit,
    NewShoe,
    Split,
    Stage,
    Stand,
)
from crupier.games.blackjack.profile import Surrender
from crupier.games.blackjack.rules import is_natural, values
from crupier.games.triple_blackjack.profile import (
    GAME_ID,
    PARTS,
    TripleBlackjackProfile,
    load_builtin,
)
from crupier.i18n import N_


@dataclass(frozen=True, kw_only=True)
class Insure(base.Insure):
    """Insurance on betting box ``part`` (1, 2 or 3) of place ``box``, at most half the
    insurer's bet on that box; open until the first third card is given. Settled against
    the croupier's hand of that box."""

    part: int = 1


@dataclass
class TripleBlackjackState(BlackjackState):
    """Blackjack's table, with the croupier's three hands of the round."""

    first: Card | None = None
    """The croupier's first card, kept for his three hands."""
    dealer_rounds: list[list[Card]] = field(default_factory=list)
    """The croupier's hands played so far this round (round 1 first)."""
    next_part: int = 1
    """The box whose croupier hand is played next."""


def spot_of(text: str) -> Spot:
    """The spot of ``text``: ``box-N-K`` (also ``box N K``, ``N-K``) for box K of place N,
    or ``insurance-N-K``.

    >>> spot_of("box-3-2"), spot_of("2-1").name, spot_of("insurance 4 3").bet_type
    (Spot(name='box-3-2', bet_type='box', numbers=frozenset({3})), 'box-2-1', 'insurance')
    """
    words = text.strip().lower().replace("-", " ").split()
    kind = "box"
    if words and words[0] in ("box", "caixa", "casella", "casilla"):
        words = words[1:]
    elif words and words[0] in ("insurance", "asseguranca", "seguro"):
        kind, words = "insurance", words[1:]
    if len(words) != 2 or not all(w.isdigit() for w in words):
        raise UnknownSpot(
            N_("{text!r} is not a spot: write box-PLACE-BOX or insurance-PLACE-BOX", text=text)
        )
    place, part = int(words[0]), int(words[1])
    if part not in PARTS:
        raise UnknownSpot(N_("{text!r}: each place has boxes 1, 2 and 3", text=text))
    return Spot(f"{kind}-{place}-{part}", kind, frozenset({place}))


def part_of(spot: str) -> int:
    """The betting box (1, 2, 3) of a spot name.

    >>> part_of("box-4-2"), part_of("insurance-1-3")
    (2, 3)
    """
    return int(spot.rsplit("-", 1)[1])


class TripleBlackjack(Blackjack):
    """The Triple Black Jack engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = {**Blackjack.actions, Insure.kind: Insure}
    early_card_stages: ClassVar[frozenset[Stage]] = frozenset({Stage.PLAY, Stage.DEALER})
    play_help: ClassVar[str] = N_(
        "bets: box-PLACE-BOX AMOUNT (boxes 1, 2, 3 of your place)\n"
        "in a round: hit, stand, double, split, insure AMOUNT BOX"
    )
    profile: TripleBlackjackProfile
    state: TripleBlackjackState

    def initial_state(self) -> TripleBlackjackState:
        return TripleBlackjackState()

    # -- spots ------------------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        place = next(iter(spot.numbers))
        if not 1 <= place <= self.profile.rules.boxes:
            raise UnknownSpot(
                N_(
                    "{text!r}: this table has places 1 to {boxes}",
                    text=text,
                    boxes=self.profile.rules.boxes,
                )
            )
        return spot

    def of_box(self, spot: str, box: int) -> bool:
        return spot.startswith(f"box-{box}-")

    def rides_hand(self, spot: str, box: int) -> bool:
        return spot.startswith(f"box-{box}-")

    def insured_bet(
        self, state: BlackjackState, player: str, action: base.Insure
    ) -> tuple[str, Bet]:
        part = getattr(action, "part", 1)
        if part not in PARTS:
            raise MalformedAction(N_("insurance: {part!r} is not box 1, 2 or 3", part=part))
        spot = f"box-{action.box}-{part}"
        mine = [
            state.bets[i]
            for h in state.hands
            if h.box == action.box and h.origin
            for i in h.bets
            if i in state.bets and state.bets[i].player == player and state.bets[i].spot == spot
        ]
        if not mine:
            raise IllegalAction(
                N_("insurance: {player} has no bet on {spot}", player=player, spot=spot)
            )
        return f"insurance-{action.box}-{part}", mine[0]

    # -- the deal and the croupier's three hands ---------------------------------------------

    def _deal(self, state: BlackjackState, action: Deal) -> list[Event]:
        events = super()._deal(state, action)
        assert isinstance(state, TripleBlackjackState)
        state.first = state.dealer[0]
        state.dealer_rounds = []
        state.next_part = 1
        return events

    def parts_left(self, state: TripleBlackjackState) -> list[int]:
        """The boxes, from ``state.next_part`` on, on which a bet or an insurance is still
        open: the croupier's hands still to play."""
        open_parts = {
            part_of(b.spot)
            for b in state.bets.values()
            if b.spot.startswith(("box-", "insurance-"))
        }
        return [k for k in PARTS if k >= state.next_part and k in open_parts]

    def competitors_for(self, state: BlackjackState, part: int) -> bool:
        """True if a hand still plays against the croupier's hand of box ``part``."""
        rules = self.profile.rules
        return any(
            not h.busted
            and not (h.surrendered and rules.surrender is Surrender.EARLY)
            and (rules.blackjack_is_competitor or not h.natural(self.profile))
            and any(i in state.bets and part_of(state.bets[i].spot) == part for i in h.bets)
            for h in state.hands
        )

    def _dealer_play(self, state: BlackjackState, action: DealerPlay) -> list[Event]:
        self.require_phase(state, Phase.NO_MORE_BETS)
        if state.stage is not Stage.DEALER:
            raise WrongPhase(
                N_("the players have not finished: the round is at {stage}", stage=state.stage)
            )
        assert isinstance(state, TripleBlackjackState) and state.first is not None
        parts = self.parts_left(state)
        if not parts:  # every hand busted: the croupier draws no card
            state.dealer = [state.first]
            return [self.dealer_result(state.dealer), *self._finish(state)]
        part = parts[0]
        insured = any(
            b.spot.startswith("insurance-") and part_of(b.spot) == part for b in state.bets.values()
        )
        compete = self.competitors_for(state, part)
        second = compete or (insured and self.profile.rules.dealer_draws_for_insurance)
        before, state.dealer = state.dealer, [state.first]
        try:
            hand, events = self.dealer_hand(state, action, compete=compete, second=second)
        except RuleError:
            state.dealer = before  # refused: nothing changed
            raise
        state.dealer = hand
        state.dealer_rounds.append(hand)
        state.next_part = part + 1
        events.append(self.dealer_result(hand, prefix=N_("box {part}: croupier", part=part)))
        natural = is_natural(values(hand))
        for bet in sorted(
            (
                b
                for b in state.bets.values()
                if b.spot.startswith("insurance-") and part_of(b.spot) == part
            ),
            key=lambda b: (-next(iter(self.spot(b.spot).numbers)), b.id),
        ):
            res: Resolution = Win(self.profile.payouts.insurance) if natural else Lose()
            events.append(self.apply_resolution(state, bet, res))
        for h in sorted(state.hands, key=lambda h: -h.box):
            for i in h.bets:
                on = state.bets.get(i)
                if on is not None and part_of(on.spot) == part:
                    events.append(self.apply_resolution(state, on, self.resolution(h, on, hand)))
        if self.parts_left(state):
            return events
        return events + self._finish(state)

    def _finish(self, state: BlackjackState) -> list[Event]:
        events = super()._finish(state)
        assert isinstance(state, TripleBlackjackState)
        state.next_part = 1
        return events

    # -- views and the electronic table -------------------------------------------------------

    def view(self, seat: str | None = None) -> JSON:
        """Blackjack's view, with the croupier's hands of the round (``dealer_rounds``) and
        the box his next hand is for (``next_box``)."""
        out = super().view(seat)
        s = self.state
        out["dealer_rounds"] = [[str(c) for c in h] for h in s.dealer_rounds]
        out["next_box"] = s.next_part if s.stage is Stage.DEALER else None
        places = range(1, self.profile.rules.boxes + 1)
        out["spots"] = [f"box-{p}-{k}" for p in places for k in PARTS]
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions up to the next player decision: in his turn, one
        :class:`DealerPlay` per box still carrying a bet."""
        s = self.state
        if s.stage is Stage.DEALER:
            return [DealerPlay() for _ in self.parts_left(s)] or [DealerPlay()]
        return super().auto_round()

    def play_command(self, words: list[str], player: str) -> Action | None:
        """Blackjack's commands; ``insure AMOUNT BOX`` insures box 1, 2 or 3 of the player's
        place."""
        if words and words[0].lower() == "insure" and len(words) in (2, 3):
            from crupier.core.money import parse_amount

            mine = [
                h.box
                for h in self.state.hands
                if any(i in self.state.bets and self.state.bets[i].player == player for i in h.bets)
            ]
            part = int(words[2]) if len(words) == 3 and words[2].isdigit() else 1
            return Insure(
                player=player,
                box=mine[0] if mine else 0,
                part=part,
                amount=parse_amount(words[1]),
                by=Role.PLAYER,
            )
        return super().play_command(words, player)


__all__ = [
    "Deal",
    "DealerEarlyCard",
    "DealerPlay",
    "Double",
    "Hand",
    "Hit",
    "Insure",
    "NewShoe",
    "Split",
    "Stage",
    "Stand",
    "TripleBlackjack",
    "TripleBlackjackState",
    "load_builtin",
    "part_of",
    "spot_of",
]
