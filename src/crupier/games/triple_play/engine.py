"""21 — Triple Joc (Triple Play): the Repte, the BlackJack and the poker on one deck.

Spec: ``spec/games/21-triple-play.md``. The engine is blackjack's
(:class:`~crupier.games.blackjack.engine.Blackjack`) on a single deck reshuffled before
every round; each place N carries three bets, all required: ``repte-N``, ``box-N`` (the
BlackJack hand) and ``poker-N``; one player per place. What the base game does not:

* the deal's first card of each place and the croupier's card are the Repte: right after the
  deal the Repte bets are settled from the croupier's right (higher rank wins at
  ``repte.win``, ace high; a tie costs ``repte.tie_loss`` of the bet);
* only a pair of aces may be split, once (``play.split_aces_only``, ``rules.max_split_hands``);
  six cards without passing 21 are paid at once (``play.six_cards``) and draw no more;
* after the croupier's hand (:class:`~crupier.games.blackjack.engine.DealerPlay`),
  :class:`PokerDeal` tops every place up to six cards (its split hands' cards together),
  from the croupier's left, and pays the best five of the six by ``[poker]``.

Errors: a card face up in the deck is burnt (:class:`~crupier.core.shoe.Burn`); more than
one is a void round (:class:`~crupier.core.layout.Void` by the cap de taula: every unsettled
bet returned, a settled Repte stands); a card drawn by mistake unexposed is simply the next
card (nothing to record); a deck run out: the cap de taula voids.

>>> from crupier.core.layout import BuyIn, PlaceBet, NoMoreBets
>>> from crupier.core.roles import Role
>>> game = TriplePlay(load_builtin())
>>> _ = game.apply(NewShoe(live=True))
>>> _ = game.apply(BuyIn(player="ana", amount=100_000))
>>> for spot in ("repte-1", "box-1", "poker-1"):
...     _ = game.apply(PlaceBet(player="ana", spot=spot, amount=1_000, by=Role.PLAYER))
>>> _ = game.apply(NoMoreBets())
>>> _ = game.apply(Deal(cards=("9c", "5d", "8h")))
>>> _ = game.apply(Stand(player="ana", box=1, by=Role.PLAYER))
>>> _ = game.apply(DealerPlay(cards=("Ts", "4s")))
>>> _ = game.apply(PokerDeal(cards=("9d", "9s", "2c", "3d")))
>>> game.state.players["ana"]  # Repte +10, BlackJack 17 v 19 -10, poker three nines +30
103000
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from crupier.core.cards import Card
from crupier.core.errors import IllegalAction, UnknownSpot, WrongPhase
from crupier.core.layout import Note, Phase, Spot, Void
from crupier.core.poker import best5, high
from crupier.core.resolution import Lose, Refund, Resolution, Win
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, registry
from crupier.games.blackjack.engine import (
    Blackjack,
    BlackjackState,
    Deal,
    DealerPlay,
    Double,
    Hand,
    Hit,
    Insure,
    NewShoe,
    Split,
    Stage,
    Stand,
)
from crupier.games.triple_play.profile import GAME_ID, SPOTS, TriplePlayProfile, load_builtin
from crupier.i18n import N_


@dataclass(frozen=True, kw_only=True)
class PokerDeal(Action):
    """After the croupier's hand: the cards that bring every place to six, from the
    croupier's left, then the poker bets paid by the best five. Live table: ``cards`` in
    the order they came out."""

    kind: ClassVar[str] = "poker-deal"
    cards: tuple[str, ...] = ()


@dataclass
class TriplePlayState(BlackjackState):
    """Blackjack's table, with the poker stage after the croupier's hand."""

    poker_due: bool = False


def spot_of(text: str) -> Spot:
    """The spot of ``text``: ``repte-N``, ``box-N`` (also ``blackjack-N``), ``poker-N``,
    ``insurance-N``.

    >>> spot_of("repte 2").name, spot_of("blackjack-3").name, spot_of("poker-1").bet_type
    ('repte-2', 'box-3', 'poker')
    """
    words = text.strip().lower().replace("-", " ").split()
    names = {"repte": "repte", "box": "box", "blackjack": "box", "bj": "box", "poker": "poker"}
    names |= {"insurance": "insurance", "asseguranca": "insurance"}
    if len(words) != 2 or words[0] not in names or not words[1].isdigit():
        raise UnknownSpot(
            N_("{text!r} is not a spot: write repte-N, box-N, poker-N, insurance-N", text=text)
        )
    kind, n = names[words[0]], int(words[1])
    return Spot(f"{kind}-{n}", kind, frozenset({n}))


def repte_resolution(player: Card, croupier: Card, profile: TriplePlayProfile) -> Resolution:
    """The Repte: the higher rank wins (ace high, suits ignored); a tie costs
    ``repte.tie_loss`` of the bet.

    >>> p = load_builtin()
    >>> [repte_resolution(Card.parse(a), Card.parse(b), p) for a, b in (("Ah", "Kc"), ("Qh", "Qs"))]
    [Win(ratio=Fraction(1, 1)), Refund(fraction=Fraction(1, 2))]
    """
    mine, theirs = high(player), high(croupier)
    if mine > theirs:
        return Win(profile.repte.win)
    if mine == theirs:
        return Refund(1 - profile.repte.tie_loss) if profile.repte.tie_loss < 1 else Lose()
    return Lose()


def poker_resolution(cards: list[Card], profile: TriplePlayProfile) -> tuple[Resolution, str]:
    """The poker bet on six cards: the best five's category by the pay table, and its name.

    >>> from crupier.core.cards import cards
    >>> poker_resolution(cards("2c 3d 2s 4h 3c 2h"), load_builtin())
    (Win(ratio=Fraction(6, 1)), 'full house')
    """
    (category, ranks), _five = best5(cards)
    ratio = profile.poker.ratio(category, ranks)
    name = category.name.lower().replace("_", " ")
    return (Lose() if ratio is None else Win(ratio)), name


class TriplePlay(Blackjack):
    """The Triple Joc engine (see the module docstring)."""

    game_id: ClassVar[str] = GAME_ID
    actions: ClassVar[dict[str, type[Action]]] = {**Blackjack.actions, **registry(PokerDeal)}
    cards_in_place: ClassVar[frozenset[str]] = Blackjack.cards_in_place | {"poker-deal"}
    """Blackjack's, and the poker top-up drawn from an electronic shoe (it checks the phase
    and the cards left before it draws)."""
    permissions: ClassVar[dict[str, frozenset[Role]]] = {
        **Blackjack.permissions,
        "poker-deal": Blackjack.permissions["dealer-play"],
    }
    play_help: ClassVar[str] = N_(
        "bets: repte-N, box-N (BlackJack) and poker-N, all three, AMOUNT each\n"
        "in a round: hit, stand, double, split (aces), insure AMOUNT"
    )
    profile: TriplePlayProfile
    state: TriplePlayState

    def initial_state(self) -> TriplePlayState:
        return TriplePlayState()

    # -- spots and bets ----------------------------------------------------------------------

    def parse_spot(self, text: str) -> Spot:
        spot = spot_of(text)
        if not 1 <= next(iter(spot.numbers)) <= self.profile.rules.boxes:
            raise UnknownSpot(
                N_(
                    "{text!r}: this table has places 1 to {boxes}",
                    text=text,
                    boxes=self.profile.rules.boxes,
                )
            )
        return spot

    def of_box(self, spot: str, box: int) -> bool:
        return spot in (f"repte-{box}", f"box-{box}", f"poker-{box}")

    def check_bet(self, state: BlackjackState, player: str, spot: Spot, amount: int) -> None:
        if spot.bet_type in ("repte", "poker"):  # checked as the place's box is
            spot = Spot(spot.name, "box", spot.numbers)
        super().check_bet(state, player, spot, amount)

    def on_round_start(self, state: BlackjackState) -> list[Event]:
        places: dict[int, set[str]] = {}
        for b in state.bets.values():
            sp = self.spot(b.spot)
            places.setdefault(next(iter(sp.numbers)), set()).add(sp.bet_type)
        for place, kinds in sorted(places.items()):
            if kinds != set(SPOTS):
                missing = ", ".join(f"{k}-{place}" for k in SPOTS if k not in kinds)
                raise IllegalAction(
                    N_(
                        "place {place} must make its three bets: missing {missing}",
                        place=place,
                        missing=missing,
                    )
                )
        return super().on_round_start(state)

    # -- the Repte, the six cards, the split of aces --------------------------------------

    def _deal(self, state: BlackjackState, action: Deal) -> list[Event]:
        events = super()._deal(state, action)
        croupier = state.dealer[0]
        for hand in sorted(state.hands, key=lambda h: -h.box):
            for bet in sorted(
                (b for b in state.bets.values() if b.spot == f"repte-{hand.box}"),
                key=lambda b: b.id,
            ):
                res = repte_resolution(hand.cards[0], croupier, self.profile)
                events.append(self.apply_resolution(state, bet, res))
        return events

    def _after_card(self, state: BlackjackState, hand: Hand) -> list[Event]:
        six = self.profile.play.six_cards
        if six is not None and len(hand.cards) == 6 and hand.points <= 21:
            hand.done = True
            events: list[Event] = [
                Note(
                    text=N_(
                        "box {box}: six cards, {points}: paid", box=hand.box, points=hand.points
                    )
                )
            ]
            for i in hand.bets:
                bet = state.bets.get(i)
                if bet is not None:
                    events.append(self.apply_resolution(state, bet, Win(six)))
            return events + self._advance(state)
        return super()._after_card(state, hand)

    def _may_split(self, state: BlackjackState, hand: Hand) -> bool:
        if self.profile.play.split_aces_only and hand.vals[:1] != [1]:
            return False
        return super()._may_split(state, hand)

    def _split(self, state: BlackjackState, hand: Hand, action: Split) -> list[Event]:
        if self.profile.play.split_aces_only and not (len(hand.cards) == 2 and hand.vals == [1, 1]):
            raise IllegalAction(N_("split: only a pair of aces may be split"))
        if hand.split:
            raise IllegalAction(N_("split: aces are split only once"))
        return super()._split(state, hand, action)

    # -- the poker ----------------------------------------------------------------------------

    def _finish(self, state: BlackjackState) -> list[Event]:
        assert isinstance(state, TriplePlayState)
        if not state.poker_due and any(b.spot.startswith("poker-") for b in state.bets.values()):
            state.poker_due = True  # the croupier has played: the poker top-up comes next
            return [Note(text=N_("poker: the cards that bring every place to six"))]
        state.poker_due = False
        events = super()._finish(state)
        if self.profile.play.reshuffle_each_round:
            state.shoe = None
        return events

    def _poker_deal(self, state: TriplePlayState, action: PokerDeal) -> list[Event]:
        if state.phase is not Phase.NO_MORE_BETS or not state.poker_due:
            raise WrongPhase(N_("the poker cards come after the croupier's hand"))
        places = sorted({h.box for h in state.hands})
        held = {p: [c for h in state.hands if h.box == p for c in h.cards] for p in places}
        want = {p: max(0, 6 - len(held[p])) for p in places}
        cards = self.take_cards(state, action.cards, sum(want.values()), "poker-deal")
        it = iter(cards)
        events: list[Event] = []
        for p in places:
            got = [next(it) for _ in range(want[p])]
            six = held[p] + got
            res, name = poker_resolution(six, self.profile)
            shown = " ".join(map(str, six))
            events.append(
                Note(text=N_("place {p} poker: {shown} — {name}", p=p, shown=shown, name=name))
            )
            for bet in sorted(
                (b for b in state.bets.values() if b.spot == f"poker-{p}"), key=lambda b: b.id
            ):
                events.append(self.apply_resolution(state, bet, res))
        return events + self._finish(state)

    def _game_step(
        self, state: BlackjackState, action: Action, source: RandomSource
    ) -> list[Event]:
        if isinstance(action, PokerDeal):
            assert isinstance(state, TriplePlayState)
            return self._poker_deal(state, action)
        if isinstance(action, DealerPlay):
            assert isinstance(state, TriplePlayState)
            if state.poker_due:
                raise WrongPhase(N_("the croupier has played: the poker cards come now"))
        return list(super()._game_step(state, action, source))

    def _void(self, state: BlackjackState, action: Void) -> list[Event]:
        events = super()._void(state, action)
        assert isinstance(state, TriplePlayState)
        state.poker_due = False
        if self.profile.play.reshuffle_each_round:
            state.shoe = None
        return events

    # -- views and the electronic table -----------------------------------------------------

    def game_legal_actions(self) -> list[str]:
        if self.state.poker_due and self.state.phase is Phase.NO_MORE_BETS:
            return ["poker-deal", "burn"]
        return super().game_legal_actions()

    def view(self, seat: str | None = None) -> JSON:
        """Blackjack's view, and whether the poker top-up comes next (``poker_due``)."""
        out = super().view(seat)
        out["poker_due"] = self.state.poker_due
        places = range(1, self.profile.rules.boxes + 1)
        out["spots"] = [f"{k}-{p}" for p in places for k in SPOTS]
        return out

    def auto_round(self) -> list[Action]:
        """The croupier's actions up to the next player decision (the poker top-up after
        his hand)."""
        s = self.state
        if s.poker_due:
            return [PokerDeal()]
        if s.stage is Stage.DEALER:
            return [DealerPlay(), PokerDeal()]
        return super().auto_round()


__all__ = [
    "Deal",
    "DealerPlay",
    "Double",
    "Hit",
    "Insure",
    "NewShoe",
    "PokerDeal",
    "Split",
    "Stage",
    "Stand",
    "TriplePlay",
    "TriplePlayState",
    "load_builtin",
    "poker_resolution",
    "repte_resolution",
    "spot_of",
]
