"""Two-table baccarat engine, one part: the table's geometry, the dispatch of actions and the views.

The engine (:class:`~crupier.games.baccarat_two_tables.engine.BaccaratTwoTables`) is
built in layers, each calling only itself and the layers below: base, seating,
staking, coups.
"""

from __future__ import annotations

from collections.abc import Sequence

from crupier.core.errors import (
    IllegalAction,
    MalformedAction,
    NotPermitted,
    UnknownPlayer,
    WrongPhase,
)
from crupier.core.layout import (
    Reopen,
)
from crupier.core.rng import RandomSource
from crupier.core.roles import Role
from crupier.core.round import JSON, Action, Event, Game
from crupier.games.baccarat.shoe import shoe_view
from crupier.games.baccarat_two_tables.profile import (
    BaccaratTwoTablesProfile,
    Modality,
)
from crupier.games.baccarat_two_tables.rules import (
    HANDS,
    TABLES,
)
from crupier.games.baccarat_two_tables.state import (
    BaccaratTwoTablesState,
    Coup,
    Phase,
)
from crupier.i18n import N_
from crupier.i18n.fragments import either
from crupier.i18n.phases import phase_word


class _TableBase(Game[BaccaratTwoTablesProfile, BaccaratTwoTablesState]):
    """The engine's the table's geometry, the dispatch of actions and the views."""

    # -- the table's geometry ------------------------------------------------------------------

    @property
    def departments(self) -> int:
        """Departments per table."""
        return self.profile.table.departments

    @property
    def limited(self) -> bool:
        """True for the limited bank (banca limitada)."""
        return self.profile.bank.modality is Modality.LIMITED

    def departments_of(self, table: str) -> list[int]:
        """The department numbers of ``table``: table 1 from 1, table 2 continuing, each
        starting at the department nearest the banker (II.3)."""
        n = self.departments
        start = 1 if table == "1" else n + 1
        return list(range(start, start + n))

    def table_of(self, department: int) -> str:
        """The table a department belongs to."""
        return "1" if department <= self.departments else "2"

    def _nearness(self, department: int) -> int:
        return department if department <= self.departments else department - self.departments

    def _first_department(self, table: str) -> int:
        depts = self.departments_of(table)
        return depts[0] if self.profile.table.rotation_start == "nearest-banker" else depts[-1]

    def seat_of(self, player: str) -> int | None:
        """The department ``player`` sits at, or None."""
        return next((d for d, p in self.state.seats.items() if p == player), None)

    # -- dispatch -------------------------------------------------------------------------------

    def _step(
        self, state: BaccaratTwoTablesState, action: Action, source: RandomSource
    ) -> Sequence[Event]:
        handler = getattr(self, "_do_" + action.kind.replace("-", "_"), None)
        if handler is None:  # pragma: no cover - every registered kind has a handler
            raise MalformedAction(
                N_("{kind!r} is not an action of {game_id}", kind=action.kind, game_id=self.game_id)
            )
        if state.phase is Phase.SUSPENDED and not isinstance(action, Reopen):
            raise WrongPhase(N_("the table is temporarily closed (IX): the director reopens it"))
        events: Sequence[Event] = handler(state, action, source)
        return events

    def require(self, state: BaccaratTwoTablesState, *phases: Phase) -> None:
        """Raise :class:`WrongPhase` unless the table is in one of ``phases``."""
        if state.phase not in phases:
            raise WrongPhase(
                N_(
                    "not possible now: the table is in {phase}, not {wanted}",
                    phase=phase_word(state.phase),
                    wanted=either(phase_word(p) for p in phases),
                )
            )

    def _player(self, state: BaccaratTwoTablesState, player: object) -> str:
        if not isinstance(player, str) or player not in state.players:
            raise UnknownPlayer(N_("{player!r} is not at the table (buy in first)", player=player))
        return player

    def _as_banker(self, state: BaccaratTwoTablesState, action: Action, player: object) -> None:
        """A banker's action: by the banker himself, or the croupier on his behalf."""
        if state.banker is None:
            raise IllegalAction(N_("there is no banker"))
        if action.by is Role.PLAYER and player != state.banker:
            raise NotPermitted(
                N_(
                    "{kind}: only the banker ({banker}) may do this",
                    kind=action.kind,
                    banker=state.banker,
                )
            )
        if player is not None and player != state.banker:
            raise NotPermitted(
                N_(
                    "{kind}: {player!r} is not the banker ({banker})",
                    kind=action.kind,
                    player=player,
                    banker=state.banker,
                )
            )

    def _coup(self, state: BaccaratTwoTablesState) -> Coup:
        self.require(state, Phase.PLAYING)
        assert state.coup is not None
        return state.coup

    # -- views ----------------------------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        """The kinds of action the phase allows (before checking amounts and turns)."""
        s = self.state
        always = ["buy-in", "tip", "inspector-ruling"]
        if s.phase is Phase.SUSPENDED:
            return ["reopen"]
        seats = ["take-seat", "leave-seat", "join-waiting-list", "cash-out", "suspend"]
        if s.phase is Phase.NO_BANK:
            kinds = [*always, *seats, "new-shoe", "new-session"]
            if s.auction_open:
                kinds += ["bid", "adjudicate"]
            elif s.offer_amount is not None:
                kinds += ["offer-bank", "open-auction", "draw-lots-for-bank"]
                if s.offered_to is not None:
                    kinds += ["accept-bank", "decline-bank"]
            else:
                kinds += ["announce-bank", "open-auction"]
            return kinds
        if s.phase is Phase.JUMPED:
            return [*always, *seats, "redeposit", "leave-bank"]
        if s.phase is Phase.BETTING:
            kinds = [*always, *seats, "place-bet", "take-down", "call-banco", "no-more-bets"]
            kinds += ["leave-bank", "new-session", "claim", "check-cards", "early-draw"]
            if s.shoe is not None:
                kinds += ["burn", *(["stop-card-out"] if s.shoe.live else [])]
            if not self.limited:
                kinds.append("deposit")
            if s.shoe is None or s.shoe.at_stop_card or s.shoe_change is not None:
                kinds.append("new-shoe")
            if s.early:
                kinds.append("reject-early-cards")
            return kinds
        live = ["stop-card-out"] if s.shoe is not None and s.shoe.live else []
        live += ["burn"] if s.shoe is not None else []
        if s.phase is Phase.DEALING:
            kinds = [*always, *live, "deal", "void-coup", "card-on-floor", "claim"]
            return kinds + (["reject-early-cards"] if s.early else [])
        coup = s.coup
        assert coup is not None
        kinds = [*always, *live, "void-coup", "card-on-floor", "claim", "cards-thrown"]
        kinds.append("croupier-plays")
        kinds += ["cards-in-basket", "wrong-holder", "misdealt-card", "withheld-card"]
        kinds += ["cards-uncovered", "rectify-deal", "wrong-announcement"]
        if coup.turn in TABLES:
            kinds += ["declare", "declaration-error"]
        else:
            kinds.append("banker-play")
        if not coup.tableau:
            kinds.append("ask-tableau")
        return kinds

    def _sees_all(self, coup: Coup, hand_name: str, seat: str | None, final: bool) -> bool:
        """True if ``seat`` sees every card of the hand (else only face-up third cards)."""
        hand = coup.hands[hand_name]
        if final or hand.natural:
            return True
        if seat is None or seat != hand.holder:
            return False
        if hand_name == "2" and coup.banco is not None and seat == coup.banco:
            first = coup.hands["1"]  # the banco player sees table 2 once table 1 is played
            return first.declared is not None or first.annulled
        return True

    def _coup_view(self, coup: Coup, seat: str | None, final: bool = False) -> JSON:
        hands: JSON = {}
        face_up = self.profile.rules.third_cards_face_up
        for name in HANDS:
            hand = coup.hands[name]
            everything = self._sees_all(coup, name, seat, final)
            cards = [
                str(c) if everything or (i >= 2 and face_up) else "??"
                for i, c in enumerate(hand.cards)
            ]
            hands[name] = {
                "holder": hand.holder,
                "cards": cards,
                "point": hand.point if everything and hand.cards else None,
                "declared": hand.declared,
                "natural": hand.natural,
                "annulled": hand.annulled,
                "thrown": hand.zero,
            }
        return {
            "number": coup.number,
            "turn": coup.turn,
            "tableau": coup.tableau,
            "restored": coup.restored,
            "banker_fault": coup.banker_fault,
            "banco": coup.banco,
            "waiting_card": str(coup.floating) if coup.floating is not None else None,
            "hands": hands,
            "incidents": list(coup.incidents),
        }

    def view(self, seat: str | None = None) -> JSON:
        """What ``seat`` (a player's name; None: the public) may see of the table."""
        s = self.state
        out: JSON = {
            "game": self.game_id,
            "profile": self.profile.profile,
            "phase": str(s.phase),
            "modality": str(self.profile.bank.modality),
            "banker": s.banker,
            "bank": s.bank,
            "bank_initial": s.bank_initial,
            "cagnotte": s.house,
            "tips": s.tips,
            "players": dict(s.players) if seat is None else {seat: s.players.get(seat, 0)},
            "departments": {str(d): p for d, p in sorted(s.seats.items())},
            "behind": dict(s.behind),
            "waiting_list": list(s.waiting),
            "rotation": dict(s.rotation),
            "bets": [b.to_dict() for b in sorted(s.bets.values(), key=lambda b: b.id)],
            "banco_calls": [list(c) for c in s.banco_calls],
            "banco_repeat": list(s.banco_repeat) if s.banco_repeat else None,
            "coups": s.coups,
            "last_results": list(s.results[-12:]),
            "last_coup": s.last_coup,
            "offer": {"amount": s.offer_amount, "to": s.offered_to} if s.offer_amount else None,
            "auction": dict(s.bids) if s.auction_open else None,
            "legal_actions": self.legal_actions(),
        }
        if s.coup is not None:
            out["coup"] = self._coup_view(s.coup, seat)
        if s.shoe is not None:
            out["shoe"] = {**shoe_view(s.shoe), "coups": s.shoe_coups}
        return out
