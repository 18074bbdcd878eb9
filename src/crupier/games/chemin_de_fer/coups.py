"""Chemin de fer engine, one part: the coup, showdown and settlement, errors and incidents.

The engine (:class:`~crupier.games.chemin_de_fer.engine.CheminDeFer`) is built in
layers, each calling only itself and the layers below: seating, banking, coups.
"""

from __future__ import annotations

from collections import Counter

from crupier.core.cards import Card
from crupier.core.errors import (
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    WrongPhase,
)
from crupier.core.layout import Note, Void, keep_recent
from crupier.core.money import Money
from crupier.core.round import Event
from crupier.games.baccarat.shoe import check_available
from crupier.games.chemin_de_fer.banking import _Banking
from crupier.games.chemin_de_fer.common import (
    WORDS,
)
from crupier.games.chemin_de_fer.profile import (
    Cell,
    Mode,
    TieStakes,
    banker_cell,
    banker_must,
    by_the_rules,
    cagnotte_of,
    hand_total,
    point_value,
    punto_cell,
    punto_word_by_the_rules,
)
from crupier.games.chemin_de_fer.state import (
    IN_COUP,
    BankerPlay,
    BarFromCards,
    CagnotteTaken,
    CardOnFloor,
    CardsInCesta,
    CheminDeFerState,
    Claim,
    Coup,
    CoupResult,
    Deal,
    Declare,
    ExposedHand,
    GiveCard,
    Misdeal,
    OfferReason,
    Phase,
    SlowPlay,
    StakeKind,
    StakeSettled,
    ThrownAway,
    Tip,
    WrongAnnouncement,
    WrongHolder,
)
from crupier.i18n import N_, W_


class _Coups(_Banking):
    """The engine's the coup, showdown and settlement, errors and incidents."""

    # -- the coup -------------------------------------------------------------------------------

    def _deal(self, state: CheminDeFerState, action: Deal) -> list[Event]:
        self.require_phase(state, Phase.DEAL)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        coup = self._coup(state)
        shoe = self._shoe(state)
        if shoe.at_stop_card:
            raise IllegalAction(N_("the stop card has come out: this shoe deals no more coups"))
        exposed = action.exposed
        if not isinstance(exposed, tuple) or any(
            not isinstance(i, int) or isinstance(i, bool) for i in exposed
        ):
            raise MalformedAction(
                N_("deal: {exposed!r} is not a list of card positions", exposed=exposed)
            )
        need = 4 - len(state.early)
        total = need + len(exposed)
        if len(set(exposed)) != len(exposed) or any(not 0 <= i < total for i in exposed):
            raise MalformedAction(
                N_("deal: exposed positions must be distinct, 0 to {total}", total=total - 1)
            )
        entered: list[Card] = []
        if shoe.live:
            entered = self._parse(action.cards, "deal")
            if len(entered) != total:
                raise MalformedAction(
                    N_(
                        "deal: enter {total} card(s), not {n_entered}",
                        total=total,
                        n_entered=len(entered),
                    )
                )
            check_available(shoe, entered, "deal")
        elif action.cards:
            raise MalformedAction(N_("deal: cards are drawn from this shoe, not entered"))
        elif shoe.remaining < total:
            raise IllegalAction(
                N_("deal: the shoe has only {remaining} cards left", remaining=shoe.remaining)
            )
        # Everything is checked: from here on the deal changes the state and cannot fail.
        dealt = list(state.early)
        events: list[Event] = []
        if state.early:
            events.append(
                Note(text=N_("the {n} card(s) drawn early are played", n=len(state.early)))
            )
        state.early = []
        for i in range(total):
            given = entered[i] if entered else None
            if i in exposed:
                card = shoe.expose(given)
                events.append(
                    Note(
                        text=N_(
                            "{card} came out face up: it is removed and the next card takes its place; no stake may be reduced or withdrawn (error 2)",
                            card=card,
                        )
                    )
                )
            else:
                dealt.append(shoe.next(given))
        coup.punto = [dealt[0], dealt[2]]
        coup.banker = [dealt[1], dealt[3]]
        state.shoe_coups += 1
        state.phase = Phase.PUNTO
        who = coup.holder or W_("the croupier")
        events.append(
            Note(text=N_("cards dealt: two to the punto ({who}), two to the banker", who=who))
        )
        return events

    def _declare(self, state: CheminDeFerState, action: Declare) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        coup = self._coup(state)
        self._acting(action, coup.holder, "punto")
        word = action.word
        if word not in WORDS:
            raise MalformedAction(
                N_("declare: {word!r} is not a word (show, carte or non)", word=word)
            )
        if state.phase is Phase.BANKER:
            return self._change_word(state, coup, word)
        self.require_phase(state, Phase.PUNTO)
        return self._punto_says(state, coup, word)

    def _punto_says(self, state: CheminDeFerState, coup: Coup, word: str) -> list[Event]:
        rules = self.profile.rules
        pt = hand_total(coup.punto)
        natural = pt >= 8
        if word == "show":
            if not natural:
                raise IllegalAction(
                    N_("the punto holds {pt}: only a natural 8 or 9 is shown", pt=pt)
                )
            coup.word = coup.first_word = word
            coup.punto_shown = True
            return [Note(text=N_("the punto shows a natural {pt}", pt=pt)), *self._showdown(state)]
        coup.word = coup.first_word = word
        events: list[Event] = [Note(text=N_("the punto says {word!r}", word=word))]
        if natural:
            coup.natural_forfeited = True
            self._punto_error(coup)
            events.append(
                Note(
                    text=N_(
                        "the punto said {word!r} holding a natural {pt}: he loses the right to show it; his point stands as a normal hand and the banker is free (error 13)",
                        word=word,
                        pt=pt,
                    )
                )
            )
        else:
            cell = punto_cell(rules, pt)
            if word == "carte" and cell is not Cell.STAND:
                coup.owed = True
            elif word == "non" and cell is Cell.DRAW:
                coup.owed = coup.owed_by_error = True
                self._punto_error(coup)
                events.append(
                    Note(
                        text=N_(
                            "the punto said 'non' holding {pt}: the next card is his and the banker is free to draw or stand (errors 10 and 9)",
                            pt=pt,
                        )
                    )
                )
            elif word == "carte":
                self._punto_error(coup)
                events.append(
                    Note(
                        text=N_(
                            "the punto said 'carte' holding {pt}: the card he receives goes to the banker if he draws, otherwise it is burnt (errors 11 and 9)",
                            pt=pt,
                        )
                    )
                )
        if hand_total(coup.banker) >= 8 and not coup.banker_dead:
            coup.banker_shown = True
            events.append(
                Note(text=N_("the banker shows a natural {value}", value=hand_total(coup.banker)))
            )
            return events + self._showdown(state)
        state.phase = Phase.BANKER
        return events

    @staticmethod
    def _punto_error(coup: Coup) -> None:
        """Row 9: after the punto's (or the croupier's) error the banker is free, unless he
        is already bound by an error of his own."""
        if coup.mode is not Mode.BANKER_FAULT:
            coup.mode = Mode.FREE
        coup.errors.append("punto")

    def _change_word(self, state: CheminDeFerState, coup: Coup, word: str) -> list[Event]:
        """Row 12: the punto says "carte" and then "non", or the reverse."""
        if coup.punto_third or coup.pending is not None or coup.punto_dead or coup.word is None:
            raise IllegalAction(N_("the punto's card has been dealt: he may not change his word"))
        if word == coup.word:
            raise IllegalAction(N_("the punto has already said {word!r}", word=word))
        if word == "show":
            raise IllegalAction(N_("a natural is shown at once or not at all (error 13)"))
        pt = hand_total(coup.punto)
        first = coup.first_word
        if pt < 8 and punto_cell(self.profile.rules, pt) is Cell.OPTIONAL:
            return [
                Note(
                    text=N_(
                        "the punto said {first!r} and then {word!r} holding {pt}: the first word counts (error 12)",
                        first=first,
                        word=word,
                        pt=pt,
                    )
                )
            ]
        coup.word = word
        must_draw = pt < 8 and punto_cell(self.profile.rules, pt) is Cell.DRAW
        coup.owed = must_draw
        coup.owed_by_error = must_draw
        self._punto_error(coup)
        rule = W_("carte") if must_draw else W_("non")
        return [
            Note(
                text=N_(
                    "the punto said {first!r} and then {word!r} holding {pt}: the coup is settled by the rules ({rule}) and the banker is free (errors 12 and 9)",
                    first=first,
                    word=word,
                    pt=pt,
                    rule=rule,
                )
            )
        ]

    def _give_card(self, state: CheminDeFerState, action: GiveCard) -> list[Event]:
        self.require_phase(state, Phase.BANKER)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        coup = self._coup(state)
        if coup.punto_third or coup.pending is not None:
            raise IllegalAction(N_("the punto has already been given a card"))
        if coup.punto_dead:
            raise IllegalAction(N_("the punto's hand was thrown away: it takes no card"))
        shoe = self._shoe(state)
        codes = () if action.card is None else (action.card,)
        (card,) = self._cards(shoe, codes, 1, "give-card")
        if coup.owed:
            coup.punto.append(card)
            coup.punto_third = True
            coup.owed = False
            return [Note(text=N_("the punto's third card: {card}, face up", card=card))]
        coup.pending = card
        if coup.word == "non":
            note = N_(
                "{card} given to a punto who said 'non': not a banker's fault; it goes to the "
                "banker if he draws, otherwise it is burnt (error 7)",
                card=card,
            )
        else:
            note = N_(
                "{card} is not the punto's: the banker's if he draws, else burnt (error 11)",
                card=card,
            )
        return [Note(text=note)]

    def _banker_play(self, state: CheminDeFerState, action: BankerPlay) -> list[Event]:
        self.require_phase(state, Phase.BANKER)
        bank = self._bank(state)
        self._acting(action, bank.banker, "banker")
        coup = self._coup(state)
        draw = action.draw
        if draw is not None and not isinstance(draw, bool):
            raise MalformedAction(
                N_("banker-play: {draw!r} is not draw (true), stand (false) or null", draw=draw)
            )
        return self._banker_decides(state, coup, draw, action.cards)

    def _banker_decides(
        self, state: CheminDeFerState, coup: Coup, draw: bool | None, codes: object
    ) -> list[Event]:
        rules = self.profile.rules
        shoe = self._shoe(state)
        bt = hand_total(coup.banker)
        events: list[Event] = []
        if coup.owed:
            if draw is not True:
                raise IllegalAction(N_("the punto is owed his third card: give it to him first"))
            # The card went to the banker: it goes back to the punto, the banker takes the next.
            fault = not coup.owed_by_error
            takes = bt <= 5 if fault or coup.mode is Mode.BANKER_FAULT else True
            cards = self._cards(shoe, codes, 2 if takes else 1, "banker-play")
            if fault:
                coup.mode = Mode.BANKER_FAULT
                coup.errors.append("banker")
            coup.punto.append(cards[0])
            coup.punto_third = True
            coup.owed = False
            events.append(
                Note(
                    text=N_(
                        "the card {cards} goes back to the punto, who was owed it (errors 7 and 10)",
                        cards=cards[0],
                    )
                )
            )
            if takes:
                coup.banker.append(cards[1])
                events.append(Note(text=N_("the banker draws {cards}", cards=cards[1])))
            else:
                events.append(
                    Note(text=N_("the banker's fault binds him: he stands on {bt}", bt=bt))
                )
            coup.banker_shown = True
            return events + self._showdown(state)
        third = point_value(coup.punto[2]) if coup.punto_third else None
        must = banker_must(rules, coup.mode, bt, third)
        if draw is None:
            draw = must if must is not None else by_the_rules(rules, banker_cell(rules, bt, third))
            events.append(Note(text=N_("the banker asks the croupier to play by the rules")))
        elif must is not None and draw is not must:
            against = (
                W_("the punto stood")
                if third is None
                else N_("a third card of {third}", third=third)
            )
            rule = W_("draw") if must else W_("stand")
            why = (
                W_("his own error binds him (error 9)")
                if coup.mode is Mode.BANKER_FAULT
                else W_("the table's cell is mandatory")
            )
            raise IllegalAction(
                N_(
                    "banker {bt} against {against}: he must {rule}, {why}",
                    bt=bt,
                    against=against,
                    rule=rule,
                    why=why,
                )
            )
        if draw:
            if coup.pending is not None:
                if codes:
                    raise MalformedAction(N_("banker-play: the banker takes the card set aside"))
                card = coup.pending
                coup.pending = None
            else:
                (card,) = self._cards(shoe, codes, 1, "banker-play")
            coup.banker.append(card)
            events.append(Note(text=N_("the banker draws {card}", card=card)))
        else:
            if codes:
                raise MalformedAction(N_("banker-play: a banker who stands takes no card"))
            if coup.pending is not None:
                shoe.burnt.append(coup.pending)
                events.append(Note(text=N_("{pending} is burnt", pending=coup.pending)))
                coup.pending = None
            events.append(Note(text=N_("the banker stands on {bt}", bt=bt)))
        coup.banker_shown = True
        return events + self._showdown(state)

    # -- showdown and settlement ---------------------------------------------------------------

    def _showdown(self, state: CheminDeFerState) -> list[Event]:
        coup = self._coup(state)
        bank = self._bank(state)
        shoe = self._shoe(state)
        if coup.pending is not None:
            shoe.burnt.append(coup.pending)
            coup.pending = None
        pp = 0 if coup.punto_dead else hand_total(coup.punto)
        bp = 0 if coup.banker_dead else hand_total(coup.banker)
        winner = "banker" if bp > pp else "punto" if pp > bp else "tie"
        p_cards = " ".join(str(c) for c in coup.punto)
        b_cards = " ".join(str(c) for c in coup.banker)
        verdict = {"banker": "the banker wins", "punto": "the punto wins", "tie": "égalité"}[winner]
        announcement = f"punto {p_cards} = {pp}, banker {b_cards} = {bp}: {verdict}"
        events: list[Event] = [
            CoupResult(
                coup=coup.number,
                punto=tuple(str(c) for c in coup.punto),
                banker=tuple(str(c) for c in coup.banker),
                punto_point=pp,
                banker_point=bp,
                winner=winner,
                announcement=announcement,
            )
        ]
        state.results = keep_recent(state.results, f"{pp}-{bp} {winner}")
        state.coups += 1
        state.coup = None
        state.cards_right = None
        anchor = self._anchor(state)
        order = sorted(
            state.stakes.values(),
            key=lambda s: (
                s.player in state.followers,
                self._priority(state, s.player, anchor),
                s.id,
            ),
        )
        if winner == "punto":
            state.suivi = None
            for stake in order:  # followers are paid last
                state.players[stake.player] += 2 * stake.amount
                bank.amount -= stake.amount
                events.append(
                    StakeSettled(
                        player=stake.player,
                        stake=stake.amount,
                        decision="win",
                        win=stake.amount,
                        returned=2 * stake.amount,
                        net=stake.amount,
                    )
                )
            state.stakes = {}
            events += self._end_bank(state, OfferReason.LOSS, coup.bank_at_start)
        elif winner == "banker":
            order.sort(key=lambda s: s.player not in state.followers)  # collected first
            winnings = 0
            for stake in order:
                winnings += stake.amount
                events.append(
                    StakeSettled(
                        player=stake.player, stake=stake.amount, decision="lose", net=-stake.amount
                    )
                )
            lead = coup.lead
            state.suivi = (
                next((s.player for s in order if s.kind is StakeKind.BANCO), None)
                if lead is StakeKind.BANCO
                else None
            )
            state.stakes = {}
            cut = cagnotte_of(winnings, self.profile.cagnotte)
            state.cagnotte += cut
            bank.amount += winnings - cut
            bank.coups += 1
            bank.last = "win"
            events.append(CagnotteTaken(winnings=winnings, amount=cut, to_bank=winnings - cut))
            events.append(
                Note(
                    text=N_(
                        "cagnotte {cut:money} on {winnings:money}; the bank is now {amount:money}",
                        cut=Money(cut),
                        winnings=Money(winnings),
                        amount=Money(bank.amount),
                    )
                )
            )
            state.phase = Phase.STAKES
        else:
            state.suivi = None
            bank.coups += 1
            bank.last = "tie"
            stay = self.profile.rules.tie_stakes is TieStakes.STAY
            for stake in order:
                if stay:
                    events.append(
                        StakeSettled(player=stake.player, stake=stake.amount, decision="void")
                    )
                else:
                    state.players[stake.player] += stake.amount
                    events.append(
                        StakeSettled(
                            player=stake.player,
                            stake=stake.amount,
                            decision="returned",
                            returned=stake.amount,
                        )
                    )
            if not stay:
                state.stakes = {}
            events.append(Note(text=N_("égalité: the coup is void; the banker keeps the bank")))
            state.phase = Phase.STAKES
        if shoe.at_stop_card:
            events.append(Note(text=N_("the stop card is out: end of the shoe")))
        return events

    # -- errors and incidents -------------------------------------------------------------------

    def _discard_coup(self, state: CheminDeFerState, reason: str) -> list[Event]:
        coup = self._coup(state)
        if coup.pending is not None and state.shoe is not None:
            state.shoe.burnt.append(coup.pending)
        state.coup = None
        state.early = []
        state.phase = Phase.STAKES
        state.voids += 1
        state.incidents.append(f"coup {coup.number} void: {reason}")
        return [
            Note(
                text=N_(
                    "the coup is void ({reason}): nothing is settled; the stakes stay and may be withdrawn",
                    reason=reason,
                )
            )
        ]

    def _void(self, state: CheminDeFerState, action: Void) -> list[Event]:
        self.require_phase(state, *IN_COUP)
        return self._discard_coup(state, action.reason or W_("void coup"))

    def _misdeal(self, state: CheminDeFerState, action: Misdeal) -> list[Event]:
        self.require_phase(state, Phase.PUNTO)
        coup = self._coup(state)
        if coup.word is not None:  # pragma: no cover - a declared punto leaves PUNTO
            raise IllegalAction(N_("the punto has declared"))
        dealt = [*coup.punto, *coup.banker]
        if action.corrected:
            cards = self._parse(action.corrected, "misdeal")
            if len(cards) != 4 or Counter(cards) != Counter(dealt):
                raise MalformedAction(N_("misdeal: give the four dealt cards in the order P B P B"))
            coup.punto = [cards[0], cards[2]]
            coup.banker = [cards[1], cards[3]]
            return [Note(text=N_("irregular dealing corrected: each hand has its cards (error 6)"))]
        shoe = self._shoe(state)
        shoe.burnt.extend(dealt)
        coup.punto, coup.banker = [], []
        coup.punto_shown = False
        coup.mode = Mode.TABLE
        state.phase = Phase.DEAL
        return [Note(text=N_("irregular dealing: the deal is cancelled and redone (error 6)"))]

    def _exposed_hand(self, state: CheminDeFerState, action: ExposedHand) -> list[Event]:
        self.require_phase(state, Phase.PUNTO)
        coup = self._coup(state)
        if action.fault not in ("banker", "croupier", "punto"):
            raise MalformedAction(
                N_("exposed-hand: {fault!r} is not banker, croupier or punto", fault=action.fault)
            )
        coup.punto_shown = True
        if action.fault == "banker":
            coup.mode = Mode.BANKER_FAULT
            coup.errors.append("banker")
            bound = W_("the banker must draw on 0-5 and stand on 6-7")
        else:
            self._punto_error(coup)
            bound = W_("the banker may draw or stand freely")
        return [
            Note(
                text=N_(
                    "both punto cards exposed during the deal ({fault}'s error): play goes on; no stake may change; {bound} (errors 8 and 9)",
                    fault=action.fault,
                    bound=bound,
                )
            )
        ]

    def _card_on_floor(self, state: CheminDeFerState, action: CardOnFloor) -> list[Event]:
        self.require_phase(state, *IN_COUP)
        (card,) = self._parse((action.card,), "card-on-floor")
        text = N_(
            "{card} fell on the floor: it keeps its value; the croupier picks it up (error 4)",
            card=card,
        )
        state.incidents.append(text)
        return [Note(text=text)]

    def _wrong_holder(self, state: CheminDeFerState, action: WrongHolder) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        coup = self._coup(state)
        player = self._player(state, action.player)
        if player == coup.holder:
            raise IllegalAction(N_("{player} holds the punto cards", player=player))
        if coup.word is not None:
            text = N_(
                "the cards went to {player}, but the punto had declared: the coup stands; "
                "the next coup's cards go to the player entitled to them (error 5)",
                player=player,
            )
        else:
            text = N_(
                "the cards went to {player}: they go back to {holder}",
                player=player,
                holder=coup.holder or W_("the croupier"),
            )
        state.incidents.append(text)
        return [Note(text=text)]

    def _cards_in_cesta(self, state: CheminDeFerState, action: CardsInCesta) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        if action.seen:
            text = N_("cards seen falling into the cesta are retrieved: play continues (error 16)")
            state.incidents.append(text)
            return [Note(text=text)]
        return self._discard_coup(state, W_("cards fell unseen into the cesta (error 16)"))

    def _thrown_away(self, state: CheminDeFerState, action: ThrownAway) -> list[Event]:
        self.require_phase(state, Phase.PUNTO, Phase.BANKER)
        coup = self._coup(state)
        if action.hand not in ("punto", "banker"):
            raise MalformedAction(
                N_("thrown-away: {hand!r} is not punto or banker", hand=action.hand)
            )
        if action.culprit not in ("player", "croupier"):
            raise MalformedAction(
                N_("thrown-away: {culprit!r} is not player or croupier", culprit=action.culprit)
            )
        if action.culprit == "croupier":
            text = N_(
                "the croupier threw the {hand}'s cards away: they are retrieved and the "
                "point rebuilt from the testimony of those who saw them (error 15)",
                hand=action.hand,
            )
            state.incidents.append(text)
            return [Note(text=text)]
        if action.hand == "punto":
            if coup.punto_dead:
                raise IllegalAction(N_("the punto's hand is already dead"))
            coup.punto_dead = True
            coup.owed = False
            self._punto_error(coup)
            events: list[Event] = [
                Note(
                    text=N_(
                        "the punto threw his cards away unshown: his hand counts 0 (baccara); the banker is free to draw or stand (errors 15 and 9)"
                    )
                )
            ]
            if state.phase is Phase.PUNTO:
                if hand_total(coup.banker) >= 8:
                    coup.banker_shown = True
                    return events + self._showdown(state)
                state.phase = Phase.BANKER
            return events
        if state.phase is not Phase.BANKER:
            raise WrongPhase(N_("the banker's cards are turned over after the punto has played"))
        if coup.owed:
            raise IllegalAction(N_("the punto is owed his third card: give it to him first"))
        coup.banker_dead = True
        return [
            Note(text=N_("the banker threw his cards away unshown: his hand counts 0 (error 15)")),
            *self._showdown(state),
        ]

    def _wrong_announcement(
        self, state: CheminDeFerState, action: WrongAnnouncement
    ) -> list[Event]:
        self.require_phase(state, Phase.BANKER)
        coup = self._coup(state)
        if not coup.punto_shown:
            return [
                Note(
                    text=N_(
                        "the banker announced a point that is not his: the punto has not shown his point, so he may still ask for a third card (error 17)"
                    )
                )
            ]
        coup.mode = Mode.BANKER_FAULT
        coup.errors.append("banker")
        return [
            Note(
                text=N_(
                    "the banker announced a point that is not his after the punto showed: he must draw on 0-5 and stand on 6-7 (errors 17 and 9)"
                )
            )
        ]

    def _slow_play(self, state: CheminDeFerState, action: SlowPlay) -> list[Event]:
        coup = self._coup(state)
        player = self._player(state, action.player)
        why = (
            W_("was advised by someone other than the croupier")
            if action.advised
            else W_("took too long")
        )
        if state.phase is Phase.PUNTO and player == coup.holder:
            if player not in state.barred:
                state.barred.append(player)
            word = punto_word_by_the_rules(self.profile.rules, hand_total(coup.punto))
            events: list[Event] = [
                Note(
                    text=N_(
                        "{player} {why}: he may not keep the cards; the croupier applies the drawing rules ({word}) (error 14)",
                        player=player,
                        why=why,
                        word=word,
                    )
                )
            ]
            return events + self._punto_says(state, coup, word)
        bank = self._bank(state)
        if state.phase is Phase.BANKER and player == bank.banker:
            if coup.owed:
                raise IllegalAction(N_("the punto is owed his third card: give it to him first"))
            note = Note(
                text=N_("the banker {why}: the drawing rules are applied (error 14)", why=why)
            )
            return [note, *self._banker_decides(state, coup, None, action.cards)]
        raise IllegalAction(N_("{player} has nothing to announce now", player=player))

    def _bar_from_cards(self, state: CheminDeFerState, action: BarFromCards) -> list[Event]:
        player = self._player(state, action.player)
        if player in state.barred:
            raise IllegalAction(
                N_("{player} is already stopped from holding the cards", player=player)
            )
        state.barred.append(player)
        return [
            Note(
                text=N_(
                    "{player} may not hold the punto cards (until the end of the {bar_lasts}); no money penalty (error 19)",
                    player=player,
                    bar_lasts=self.profile.rules.bar_lasts,
                )
            )
        ]

    def _claim(self, state: CheminDeFerState, action: Claim) -> list[Event]:
        player = self._player(state, action.player)
        number = action.coup
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise MalformedAction(N_("claim: {number!r} is not a coup number", number=number))
        if state.coup is not None and state.coup.number == number:
            text = N_(
                "{player} makes a claim on coup {number}: the inspector decides",
                player=player,
                number=number,
            )
            state.incidents.append(text)
            return [Note(text=text)]
        if number <= state.coups:
            raise IllegalAction(
                N_(
                    "coup {number} has been paid and collected: claims are no longer accepted",
                    number=number,
                )
            )
        raise MalformedAction(N_("claim: there is no coup {number}", number=number))

    def _tip(self, state: CheminDeFerState, action: Tip) -> list[Event]:
        player = self._player(state, action.player)
        amount = self._amount(action.amount)
        if state.players[player] < amount:
            raise InsufficientFunds(
                N_("{player} holds {fmt:money}", player=player, fmt=Money(state.players[player]))
            )
        state.players[player] -= amount
        state.tips += amount
        return [
            Note(
                text=N_(
                    "{player} tips {amount:money}: into the tips slot",
                    player=player,
                    amount=Money(amount),
                )
            )
        ]
