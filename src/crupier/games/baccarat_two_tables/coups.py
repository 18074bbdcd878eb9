"""Two-table baccarat engine, one part: chips, the deal, declarations, the banker, settlement, errors.

The engine (:class:`~crupier.games.baccarat_two_tables.engine.BaccaratTwoTables`) is
built in layers, each calling only itself and the layers below: base, seating,
staking, coups.
"""

from __future__ import annotations

from typing import Any

from crupier.core.cards import Card
from crupier.core.errors import (
    IllegalAction,
    InsufficientFunds,
    MalformedAction,
    NotPermitted,
    WrongPhase,
)
from crupier.core.layout import (
    BuyIn,
    CashOut,
    Note,
    ResultEvent,
    keep_recent,
)
from crupier.core.money import Money
from crupier.core.roles import Role
from crupier.core.round import Action, Event
from crupier.games.baccarat.shoe import check_available
from crupier.games.baccarat_two_tables.actions import (
    AskTableau,
    BankerPlay,
    CardOnFloor,
    CardsInBasket,
    CardsThrown,
    CardsUncovered,
    Claim,
    CroupierPlays,
    Deal,
    DeclarationError,
    Declare,
    InspectorRuling,
    MisdealtCard,
    RectifyDeal,
    Tip,
    VoidCoup,
    WithheldCard,
    WrongAnnouncement,
    WrongHolder,
)
from crupier.games.baccarat_two_tables.rules import (
    TABLES,
    Obligation,
    Word,
    banker_obligation,
    cagnotte_of,
    compare,
    punter_words,
    rule_word,
)
from crupier.games.baccarat_two_tables.staking import _Staking
from crupier.games.baccarat_two_tables.state import (
    RESULTS_KEPT,
    BaccaratTwoTablesState,
    Coup,
    Phase,
    _card,
    _cards,
    _hand,
    _positive,
    _show,
    _table,
)
from crupier.i18n import N_, W_
from crupier.i18n.fragments import either, in_turn


class _Coups(_Staking):
    """The engine's chips, the deal, declarations, the banker, settlement, errors."""

    # -- chips ----------------------------------------------------------------------------------

    def _do_buy_in(self, state: BaccaratTwoTablesState, action: BuyIn, _s: Any) -> list[Event]:
        amount = _positive(action.amount, "buy-in")
        if not isinstance(action.player, str) or not action.player.strip():
            raise MalformedAction(N_("{player!r} is not a player name", player=action.player))
        state.players[action.player] = state.players.get(action.player, 0) + amount
        state.bought_in += amount
        return [
            Note(
                text=N_(
                    "{player} buys in for {amount:money}",
                    player=action.player,
                    amount=Money(amount),
                )
            )
        ]

    def _do_cash_out(self, state: BaccaratTwoTablesState, action: CashOut, _s: Any) -> list[Event]:
        player = self._player(state, action.player)
        if any(b.player == player for b in state.bets.values()):
            raise IllegalAction(N_("{player} still has stakes on the table", player=player))
        if player == state.banker:
            raise IllegalAction(
                N_("{player} holds the bank: he leaves the bank first", player=player)
            )
        if any(p == player for p, _t in state.banco_calls):
            raise IllegalAction(N_("{player} has called banco", player=player))
        if state.coup is not None and player in self._holders(state.coup):
            raise IllegalAction(
                N_("{player} holds the cards of a table in this coup", player=player)
            )
        amount = state.players.pop(player)
        state.cashed_out += amount
        self._free_place(state, player)
        state.waiting = [p for p in state.waiting if p != player]
        return [
            Note(text=N_("{player} cashes out {amount:money}", player=player, amount=Money(amount)))
        ]

    def _do_tip(self, state: BaccaratTwoTablesState, action: Tip, _s: Any) -> list[Event]:
        player = self._player(state, action.player)
        amount = _positive(action.amount, "tip")
        if state.players[player] < amount:
            raise InsufficientFunds(
                N_("{player} holds {fmt:money}", player=player, fmt=Money(state.players[player]))
            )
        state.players[player] -= amount
        state.tips += amount
        return [
            Note(
                text=N_(
                    "{player} tips {amount:money} (tips slot)", player=player, amount=Money(amount)
                )
            )
        ]

    # -- the deal -------------------------------------------------------------------------------

    def _do_deal(self, state: BaccaratTwoTablesState, action: Deal, _s: Any) -> list[Event]:
        self.require(state, Phase.DEALING)
        self._as_banker(state, action, action.player)
        coup = state.coup
        assert coup is not None and state.shoe is not None
        shoe = state.shoe
        need = 6 - len(state.early)
        face_up = action.face_up
        if not isinstance(face_up, tuple) or any(
            not isinstance(i, int) or isinstance(i, bool) for i in face_up
        ):
            raise MalformedAction(N_("deal: face_up lists positions of cards"))
        total = need + len(face_up)
        if len(set(face_up)) != len(face_up) or any(not 0 <= i < total for i in face_up):
            raise MalformedAction(
                N_("deal: face_up positions must be distinct, 0 to {total}", total=total - 1)
            )
        if shoe.live:
            entered = _cards(action.cards, "deal")
            if len(entered) != total:
                raise MalformedAction(
                    N_(
                        "deal: {total} cards come out of the shoe for this deal, not {n_entered}",
                        total=total,
                        n_entered=len(entered),
                    )
                )
            check_available(shoe, entered, "deal")
        elif action.cards:
            raise MalformedAction(N_("deal: cards are drawn from this shoe, not entered"))
        elif shoe.remaining < total:
            raise MalformedAction(N_("deal: the shoe is empty"))
        # Everything is checked: from here on the deal changes the state and cannot fail.
        events: list[Event] = []
        usable: list[Card] = list(state.early)
        drawn = (
            [shoe.take(c) for c in entered] if shoe.live else [shoe.draw() for _ in range(total)]
        )
        for i, card in enumerate(drawn):
            if i in face_up:
                shoe.exposed.append(card)
                events.append(
                    Note(
                        text=N_(
                            "{card} came out face up: unusable, removed; no stake may change (VIII.1)",
                            card=card,
                        )
                    )
                )
            else:
                usable.append(card)
        if state.early:
            events.append(
                Note(
                    text=N_(
                        "the coup is played with the {n} card(s) drawn early", n=len(state.early)
                    )
                )
            )
        state.early = []
        state.early_by = None
        order = ("1", "2", "bank", "1", "2", "bank")
        for hand, card in zip(order, usable, strict=True):
            coup.hands[hand].cards.append(card)
        coup.dealt = True
        state.phase = Phase.PLAYING
        coup.turn = "1"
        events.append(Note(text=N_("the banker deals: table 1, table 2, bank, twice")))
        events += self._advance(state, coup, from_turn=None)
        return events

    # -- declarations -----------------------------------------------------------------------------

    def _holders(self, coup: Coup) -> set[str]:
        return {h.holder for t, h in coup.hands.items() if t in TABLES and h.holder is not None}

    def _exempt(self, coup: Coup, table: str) -> bool:
        holder = coup.hands[table].holder
        return (
            coup.banco is not None
            and holder == coup.banco
            and self.profile.rules.banco_exemption == "banco-player"
        )

    def _as_holder(self, coup: Coup, action: Action, table: str, player: object) -> None:
        holder = coup.hands[table].holder
        if action.by is Role.PLAYER:
            if holder is None:
                raise NotPermitted(N_("the croupier holds the cards of table {table}", table=table))
            if player != holder:
                raise NotPermitted(
                    N_(
                        "{player!r} does not hold the cards of table {table} ({holder} does)",
                        player=player,
                        table=table,
                        holder=holder,
                    )
                )
        elif player is not None and player != holder:
            raise NotPermitted(
                N_(
                    "{player!r} does not hold the cards of table {table}",
                    player=player,
                    table=table,
                )
            )

    def _on_turn(self, coup: Coup, table: str) -> None:
        if coup.turn != table:
            speaking = (
                W_("the banker") if coup.turn == "bank" else N_("table {table}", table=coup.turn)
            )
            raise IllegalAction(
                N_(
                    "table {table} may not speak now: {speaking} does (table 1, then table 2, "
                    "before the banker, VII)",
                    table=table,
                    speaking=speaking,
                )
            )

    def _do_declare(self, state: BaccaratTwoTablesState, action: Declare, _s: Any) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        self._on_turn(coup, table)
        self._as_holder(coup, action, table, action.player)
        hand = coup.hands[table]
        total = hand.two_card_total
        words = punter_words(
            self.profile.rules.punter_rule, total, exempt=self._exempt(coup, table)
        )
        if action.word not in words:
            said = action.word if isinstance(action.word, str) else repr(action.word)
            raise IllegalAction(
                N_(
                    "table {table} holds {total}: the rule says {words}, not {said!r} "
                    "(VI; a wrong word at the table is a declaration-error)",
                    table=table,
                    total=total,
                    words=either(words),
                    said=said,
                )
            )
        return self._say(state, coup, table, action.word, action.card)

    def _say(
        self, state: BaccaratTwoTablesState, coup: Coup, table: str, word: str, card: str | None
    ) -> list[Event]:
        hand = coup.hands[table]
        events: list[Event] = []
        if word == Word.NATURAL.value:
            hand.natural = True
            hand.declared = word
            events.append(
                Note(
                    text=N_(
                        "table {table} shows a natural {two_card_total}: {value}",
                        table=table,
                        two_card_total=hand.two_card_total,
                        value=_show(hand.cards),
                    )
                )
            )
        elif word == Word.NO.value:
            if card is not None:
                raise MalformedAction(N_("declare: no card is given to a table that stands"))
            hand.declared = word
            events.append(Note(text=N_("table {table}: no", table=table)))
        else:
            if self._banker_shows_first(coup):
                if card is not None:
                    raise MalformedAction(
                        N_("declare: the banker shows his natural, no card is given")
                    )
                hand.declared = Word.CARD.value
                events.append(Note(text=N_("table {table}: card", table=table)))
                return events + self._banker_natural(state, coup)
            given = self._give(state, coup, card, "declare")
            hand.declared = Word.CARD.value
            hand.cards.append(given)
            events.append(
                Note(
                    text=N_(
                        "table {table}: card, receives {given} (face up)", table=table, given=given
                    )
                )
            )
        return events + self._advance(state, coup, from_turn=table)

    def _banker_shows_first(self, coup: Coup) -> bool:
        bank = coup.hands["bank"]
        return (
            self.profile.rules.banker_natural_first
            and len(bank.cards) == 2
            and bank.two_card_total >= 8
            and not bank.zero
        )

    def _banker_natural(self, state: BaccaratTwoTablesState, coup: Coup) -> list[Event]:
        bank = coup.hands["bank"]
        note = Note(
            text=N_(
                "the banker shows a natural {two_card_total} ({value}) before any third card: no punter draws",
                two_card_total=bank.two_card_total,
                value=_show(bank.cards),
            )
        )
        return [note, *self._settle(state, coup)]

    def _give(self, state: BaccaratTwoTablesState, coup: Coup, card: str | None, what: str) -> Card:
        if coup.floating is not None:
            if card is not None:
                raise MalformedAction(
                    N_(
                        "{what}: the card waiting ({floating}) is the one given",
                        what=what,
                        floating=coup.floating,
                    )
                )
            given = coup.floating
            coup.floating = None
            return given
        return self._take_card(state, card, what)

    def _take_card(self, state: BaccaratTwoTablesState, card: str | None, what: str) -> Card:
        shoe = state.shoe
        assert shoe is not None
        try:
            if shoe.live:
                if card is None:
                    raise MalformedAction(
                        N_("{what}: enter the card that came out of the shoe", what=what)
                    )
                return shoe.take(_card(card, what))
            if card is not None:
                raise MalformedAction(
                    N_("{what}: cards are drawn from this shoe, not entered", what=what)
                )
            return shoe.draw()
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(N_("{what}: {exc}", what=what, exc=exc)) from None

    def _open_tables(self, coup: Coup) -> list[str]:
        return [
            t for t in TABLES if not coup.hands[t].annulled and not coup.hands[t].showing().natural
        ]

    def _advance(
        self, state: BaccaratTwoTablesState, coup: Coup, from_turn: str | None
    ) -> list[Event]:
        """Move the turn on (table 1, table 2, the banker); settle when nothing is left."""
        order = ["1", "2", "bank"]
        start = 0 if from_turn is None else order.index(from_turn) + 1
        for turn in order[start:]:
            if turn == "bank":
                coup.turn = "bank"
                bank = coup.hands["bank"]
                if bank.zero or bank.two_card_total >= 8:
                    return self._settle(state, coup)
                if not self._open_tables(coup):
                    return [
                        Note(text=N_("no table is left open: the banker shows his point")),
                        *self._settle(state, coup),
                    ]
                return []
            hand = coup.hands[turn]
            if hand.annulled or hand.declared is not None:
                continue
            coup.turn = turn
            return []
        return []  # pragma: no cover - the loop always reaches the bank

    # -- the banker -----------------------------------------------------------------------------

    def obligation(self) -> Obligation:
        """What the rules leave the banker in the coup now (see :func:`banker_obligation`)."""
        coup = self.state.coup
        if coup is None:
            raise WrongPhase(N_("no coup in progress"))
        return self._obligation(coup)

    def _obligation(self, coup: Coup) -> Obligation:
        rules = self.profile.rules
        bank = coup.hands["bank"]
        thirds = [coup.hands[t].third for t in self._open_tables(coup)]
        return banker_obligation(
            rules.bank_tableau,
            bank.two_card_total,
            thirds,
            tableau_mode=coup.tableau,
            restored=coup.restored,
            banker_fault=coup.banker_fault,
            optional=rules.tableau_optional,
            one_table=rules.tableau_one_table,
        )

    def _do_ask_tableau(
        self, state: BaccaratTwoTablesState, action: AskTableau, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        self._as_banker(state, action, action.player)
        if coup.tableau:
            raise IllegalAction(N_("the banker already plays by the bank drawing rules"))
        coup.tableau = True
        return [Note(text=N_("the banker asks the croupier for the bank drawing rules (VI)"))]

    def _do_banker_play(
        self, state: BaccaratTwoTablesState, action: BankerPlay, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        self._as_banker(state, action, action.player)
        if coup.turn != "bank":
            raise IllegalAction(N_("table {turn} speaks before the banker (VII)", turn=coup.turn))
        if not isinstance(action.draw, bool):
            raise MalformedAction(
                N_("banker-play: draw must be true or false, not {draw!r}", draw=action.draw)
            )
        must = self._obligation(coup)
        bank = coup.hands["bank"]
        if must is Obligation.DRAW and not action.draw:
            raise IllegalAction(
                N_(
                    "the banker holds {two_card_total}: the rules oblige him to draw",
                    two_card_total=bank.two_card_total,
                )
            )
        if must is Obligation.STAND and action.draw:
            raise IllegalAction(
                N_(
                    "the banker holds {two_card_total}: the rules oblige him to stand",
                    two_card_total=bank.two_card_total,
                )
            )
        events: list[Event] = []
        if action.draw:
            card = self._give(state, coup, action.card, "banker-play")
            bank.cards.append(card)
            events.append(Note(text=N_("the banker draws {card}", card=card)))
        else:
            if action.card is not None:
                raise MalformedAction(N_("banker-play: a banker who stands takes no card"))
            events.append(
                Note(
                    text=N_(
                        "the banker stands on {two_card_total}", two_card_total=bank.two_card_total
                    )
                )
            )
        return events + self._settle(state, coup)

    # -- settlement -----------------------------------------------------------------------------

    def _settle(self, state: BaccaratTwoTablesState, coup: Coup) -> list[Event]:
        rules = self.profile.rules
        bank_hand = coup.hands["bank"]
        bank_show = bank_hand.showing(bank=True)
        outcome: dict[str, str] = {}
        results: dict[str, int] = {}
        events: list[Event] = []
        paid = collected = 0
        for table in TABLES:
            hand = coup.hands[table]
            if hand.annulled:
                outcome[table] = "annulled"
                continue
            outcome[table] = compare(
                hand.showing(), bank_show, nine_beats_three=rules.nine_beats_three_card
            )
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            result = outcome.get(bet.table, "annulled")
            if result == "table":
                paid += bet.amount
                results[bet.table] = results.get(bet.table, 0) - bet.amount
                state.players[bet.player] += 2 * bet.amount
                events.append(self._settled(bet, "win", 2 * bet.amount, win=bet.amount))
            elif result == "bank":
                collected += bet.amount
                results[bet.table] = results.get(bet.table, 0) + bet.amount
                events.append(self._settled(bet, "lose", 0))
            else:
                state.players[bet.player] += bet.amount
                events.append(self._settled(bet, "push", bet.amount))
        banco_net = sum(
            (
                -bet.amount
                if outcome.get(bet.table) == "bank"
                else bet.amount
                if outcome.get(bet.table) == "table"
                else 0
            )
            for bet in state.bets.values()
            if bet.kind == "banco"
        )
        state.bets = {}
        state.bank += collected - paid
        net = collected - paid
        cut = cagnotte_of(
            results,
            self.profile.cagnotte_rate,
            self.profile.cagnotte.basis,
            self.profile.cagnotte.unit,
            str(self.profile.cagnotte.rounding),
        )
        state.bank -= cut
        state.house += cut
        state.cagnotte_total += cut
        summary = self._announce(coup, outcome)
        events.insert(0, ResultEvent(result=summary, announcement=summary))
        sign = "+" if net >= 0 else ""
        if cut:
            verdict = N_(
                "the banker's net {sign}{net:money}; cagnotte {cut:money} to the pou; "
                "the bank is {bank:money}",
                sign=sign,
                net=Money(net),
                cut=Money(cut),
                bank=Money(state.bank),
            )
        else:
            verdict = N_(
                "the banker's net {sign}{net:money}; no cagnotte; the bank is {bank:money}",
                sign=sign,
                net=Money(net),
                bank=Money(state.bank),
            )
        events.append(Note(text=verdict))
        if coup.floating is not None and state.shoe is not None:
            state.shoe.burnt.append(coup.floating)
            events.append(
                Note(text=N_("{floating} went to no hand: discarded", floating=coup.floating))
            )
            coup.floating = None
        # the rotation of the cards (IV)
        for table in TABLES:
            hand = coup.hands[table]
            if coup.banco is not None or hand.holder is None or hand.annulled:
                continue
            passes = outcome[table] == "bank" or (
                outcome[table] == "tie" and self.profile.table.rotation_on_tie == "pass"
            )
            if passes:
                nxt = self._pass_hand(state, table)
                if nxt is not None and nxt != hand.holder:
                    events.append(
                        Note(
                            text=N_(
                                "table {table}: {holder} cedes the cards to {nxt}",
                                table=table,
                                holder=hand.holder,
                                nxt=nxt,
                            )
                        )
                    )
        events += self._banco_after(state, coup, outcome, banco_net)
        state.results = keep_recent(state.results, summary, RESULTS_KEPT)
        state.last_coup = self._coup_view(coup, None, final=True)
        state.last_coup["outcome"] = dict(outcome)
        state.coup = None
        state.coups += 1
        state.shoe_coups += 1
        state.banker_coups += 1
        state.phase = Phase.BETTING
        events += self._after_coup(state)
        return events

    def _banco_after(
        self, state: BaccaratTwoTablesState, coup: Coup, outcome: dict[str, str], net: int
    ) -> list[Event]:
        if coup.banco is None:
            return []
        if self.profile.rules.banco_null == "both-tie":
            null = all(outcome.get(t) in ("tie", "annulled") for t in TABLES)
        else:
            null = net == 0
        if not null:
            state.banco_repeat = None
            return []
        left = (
            self.profile.bank.banco_repeats
            if coup.banco_repeat_left is None
            else coup.banco_repeat_left
        )
        if left <= 0:
            state.banco_repeat = None
            return [Note(text=N_("null banco coup: no more repetitions"))]
        state.banco_repeat = (coup.banco, left)
        return [
            Note(
                text=N_(
                    "null banco coup (neither won nor lost): {banco} may repeat it ({left} more time(s), VI)",
                    banco=coup.banco,
                    left=left,
                )
            )
        ]

    def _after_coup(self, state: BaccaratTwoTablesState) -> list[Event]:
        events: list[Event] = []
        shoe = state.shoe
        ended = shoe is not None and shoe.at_stop_card
        if ended:
            events.append(
                Note(text=N_("the stop card is out: the partida ends; a new shoe follows"))
            )
            state.banco_repeat = None
        adjudication_over = (
            ended
            and state.adjudicated_shoes is not None
            and state.banker_shoes >= state.adjudicated_shoes
        )
        if adjudication_over:
            events += self._bank_leaves(state, W_("his adjudication is over"))
        elif state.bank == 0:
            state.phase = Phase.JUMPED
            events.append(
                Note(
                    text=N_(
                        "the bank has jumped: {banker} may continue with a new deposit of at least {bank_initial:money} (and change the shoe), or leave (V.1)",
                        banker=state.banker,
                        bank_initial=Money(state.bank_initial),
                    )
                )
            )
        return events

    def _announce(self, coup: Coup, outcome: dict[str, str]) -> str:
        bank = coup.hands["bank"]
        parts = [f"Bank {_show(bank.cards)} = {bank.point}"]
        for table in TABLES:
            hand = coup.hands[table]
            if outcome[table] == "annulled":
                parts.append(f"table {table} annulled")
                continue
            tag = " natural" if hand.showing().natural else ""
            won = {"table": f"table {table} wins", "bank": "bank wins", "tie": "tie"}[
                outcome[table]
            ]
            parts.append(f"table {table} {_show(hand.cards)} = {hand.point}{tag}: {won}")
        return "; ".join(parts)

    # -- void coups and errors (VIII) -----------------------------------------------------------

    def _do_void_coup(
        self, state: BaccaratTwoTablesState, action: VoidCoup, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.DEALING, Phase.PLAYING)
        reasons = {"stuck-cards": "VIII.1", "irregular-deal": "VIII.2"}
        if action.reason not in reasons:
            raise MalformedAction(
                N_("void-coup: reason must be one of {reasons}", reasons=sorted(reasons))
            )
        if action.reason == "irregular-deal" and state.phase is not Phase.PLAYING:
            raise IllegalAction(N_("nothing has been dealt yet"))
        coup = state.coup
        assert coup is not None and state.shoe is not None
        shoe = state.shoe
        try:
            if shoe.live:
                burnt = [shoe.burn_card(c) for c in _cards(action.cards, "void-coup")]
            else:
                if action.cards:
                    raise MalformedAction(
                        N_("void-coup: cards are drawn from this shoe, not entered")
                    )
                if (
                    not isinstance(action.count, int)
                    or isinstance(action.count, bool)
                    or action.count < 0
                ):
                    raise MalformedAction(
                        N_("void-coup: {count!r} is not a number of cards", count=action.count)
                    )
                burnt = shoe.burn(action.count)
        except ValueError as exc:
            if isinstance(exc, MalformedAction):
                raise
            raise MalformedAction(N_("void-coup: {exc}", exc=exc)) from None
        return self._void(state, coup, f"{action.reason} ({reasons[action.reason]})", len(burnt))

    def _void(
        self, state: BaccaratTwoTablesState, coup: Coup, why: str, extra: int = 0
    ) -> list[Event]:
        assert state.shoe is not None
        dealt = [c for h in coup.hands.values() for c in h.cards]
        if coup.floating is not None:
            dealt.append(coup.floating)
        dealt += state.early
        state.shoe.burnt.extend(dealt)
        state.early = []
        state.early_by = None
        events = self._return_all_bets(state, W_("void coup"))
        if coup.banco is not None and coup.banco_repeat_left is None:
            state.banco_used = [p for p in state.banco_used if p != coup.banco]
        state.coup = None
        state.voids += 1
        state.phase = Phase.BETTING
        events.append(
            Note(
                text=N_(
                    "the coup is void: {why}; {value} card(s) to the basket, no cagnotte",
                    why=why,
                    value=len(dealt) + extra,
                )
            )
        )
        return events

    def _do_rectify_deal(
        self, state: BaccaratTwoTablesState, action: RectifyDeal, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        if any(coup.hands[t].declared is not None for t in TABLES):
            raise IllegalAction(N_("the deal is over: the tables have spoken"))
        return [
            Note(
                text=N_(
                    "irregular distribution rectified: each hand has its regulated cards (VIII.2)"
                )
            )
        ]

    def _do_card_on_floor(
        self, state: BaccaratTwoTablesState, action: CardOnFloor, _s: Any
    ) -> list[Event]:
        self.require(state, Phase.DEALING, Phase.PLAYING)
        if action.card:
            fell = N_(
                "{card} fell to the floor: it keeps its value; the croupier picks it up (VIII.1)",
                card=action.card,
            )
        else:
            fell = N_(
                "a card fell to the floor: it keeps its value; the croupier picks it up (VIII.1)"
            )
        return [Note(text=fell)]

    def _do_wrong_holder(
        self, state: BaccaratTwoTablesState, action: WrongHolder, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        player = self._player(state, action.player)
        hand = coup.hands[table]
        if player == hand.holder:
            raise IllegalAction(
                N_("{player} does hold the cards of table {table}", player=player, table=table)
            )
        if hand.declared is not None:
            text = N_(
                "{player} handled the cards of table {table} by mistake after "
                "{holder} had spoken: the coup stands; the next coup's "
                "cards go to the player whose turn it is (VIII.1)",
                player=player,
                table=table,
                holder=hand.holder or W_("the croupier"),
            )
        else:
            text = N_(
                "{player} took the cards of table {table} by mistake: they go back to "
                "{holder}, who speaks (VIII.1)",
                player=player,
                table=table,
                holder=hand.holder or W_("the croupier"),
            )
        coup.incidents.append(text)
        return [Note(text=text)]

    def _restore(self, coup: Coup, banker_fault: bool, text: str) -> list[Event]:
        coup.restored = True
        coup.banker_fault = coup.banker_fault or banker_fault
        coup.incidents.append(text)
        return [Note(text=text)]

    def _do_cards_uncovered(
        self, state: BaccaratTwoTablesState, action: CardsUncovered, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        if coup.hands[table].declared is not None:
            raise IllegalAction(N_("table {table} has spoken: the deal is over", table=table))
        return self._restore(
            coup,
            True,
            N_(
                "both cards of table {table} were uncovered in the deal: the coup is played as a "
                "restored coup (VIII.2, VIII.3); no stake may be raised, cut or withdrawn",
                table=table,
            ),
        )

    def _do_cards_in_basket(
        self, state: BaccaratTwoTablesState, action: CardsInBasket, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        hand_name = _hand(action.hand)
        hand = coup.hands[hand_name]
        label = W_("the bank") if hand_name == "bank" else N_("table {table}", table=hand_name)
        if action.third:
            if len(hand.cards) < 3:
                raise IllegalAction(N_("{label} has no third card", label=label))
            if not action.seen and self.profile.rules.third_cards_face_up:
                raise IllegalAction(N_("third cards are dealt face up: they have been seen"))
            return [
                Note(
                    text=N_(
                        "the third card of {label} fell in the basket, seen: recovered, play continues (VIII.2)",
                        label=label,
                    )
                )
            ]
        if action.seen:
            return [
                Note(
                    text=N_(
                        "cards of {label} fell in the basket, seen: recovered, play continues",
                        label=label,
                    )
                )
            ]
        if any(coup.hands[t].declared is not None for t in TABLES):
            raise IllegalAction(
                N_("the deal is over: cards lost now are not 'during the distribution'")
            )
        if hand_name == "bank":
            return self._void(
                state, coup, W_("the banker's cards fell unseen in the basket (VIII.2)")
            )
        other = "2" if hand_name == "1" else "1"
        if coup.hands[other].annulled:
            return self._void(state, coup, W_("both tables lost their cards (VIII.2)"))
        hand.annulled = True
        events: list[Event] = [
            Note(
                text=N_(
                    "the cards of {label} fell unseen in the basket: the coup is annulled for it (VIII.2)",
                    label=label,
                )
            )
        ]
        for bet in sorted(state.bets.values(), key=lambda b: b.id):
            if bet.table == hand_name:
                state.players[bet.player] += bet.amount
                events.append(self._settled(bet, "returned", bet.amount))
                del state.bets[bet.id]
        if coup.turn == hand_name:
            events += self._advance(state, coup, from_turn=hand_name)
        return events

    def _do_misdealt_card(
        self, state: BaccaratTwoTablesState, action: MisdealtCard, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        to = _table(action.to)
        hand = coup.hands[to]
        if action.meant_for is None:
            if hand.declared not in (Word.NO.value, Word.NATURAL.value, "thrown"):
                raise IllegalAction(N_("table {to} has not refused a card", to=to))
            if coup.floating is not None:
                raise IllegalAction(
                    N_("a card is already waiting ({floating})", floating=coup.floating)
                )
            card = self._take_card(state, action.card, "misdealt-card")
            coup.floating = card
            return self._restore(
                coup,
                False,
                N_(
                    "the banker gave {card} to table {to}, which had not asked: it goes to table 2 "
                    "if it asks, otherwise to the banker if he draws (VIII.2, VIII.4); not a "
                    "banker's fault (VIII.3)",
                    card=card,
                    to=to,
                ),
            )
        meant = _table(action.meant_for)
        if meant == to:
            raise MalformedAction(N_("misdealt-card: the card went to the table it was meant for"))
        if action.card is not None:
            raise MalformedAction(N_("misdealt-card: the card is the one the table received"))
        if len(coup.hands[meant].cards) < 3:
            raise IllegalAction(N_("table {meant} has received no third card", meant=meant))
        return self._restore(
            coup,
            False,
            N_(
                "the card meant for table {meant} was put before table {to}: it goes back to table "
                "{meant}; not a banker's fault, he keeps his right to a third card (VIII.3)",
                meant=meant,
                to=to,
            ),
        )

    def _do_withheld_card(
        self, state: BaccaratTwoTablesState, action: WithheldCard, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        if coup.hands[table].declared != Word.CARD.value or len(coup.hands[table].cards) < 3:
            raise IllegalAction(N_("table {table} did not ask for a card", table=table))
        return self._restore(
            coup,
            True,
            N_(
                "the banker did not give table {table} the card it asked for: it receives it, "
                "and the coup is restored as a banker's error (VIII.2, VIII.3)",
                table=table,
            ),
        )

    def _do_declaration_error(
        self, state: BaccaratTwoTablesState, action: DeclarationError, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        table = _table(action.table)
        self._on_turn(coup, table)
        words = action.words
        if (
            not isinstance(words, tuple)
            or not 1 <= len(words) <= 2
            or any(w not in (Word.CARD.value, Word.NO.value) for w in words)
            or (len(words) == 2 and words[0] == words[1])
        ):
            raise MalformedAction(N_("declaration-error: words are 'card' and/or 'no', as said"))
        hand = coup.hands[table]
        total = hand.two_card_total
        rules = self.profile.rules
        exempt = self._exempt(coup, table)
        allowed = punter_words(rules.punter_rule, total, exempt=exempt)
        if len(words) == 1 and words[0] in allowed:
            raise IllegalAction(
                N_(
                    "with {total}, {words!r} is the right word: declare it",
                    total=total,
                    words=words[0],
                )
            )
        received = Word.CARD.value in words
        if total >= 8:
            hand.forfeited = True
            draws = rules.no_with_natural == "draw"
            what = N_(
                "table {table} said {words} holding {total}: it loses its right "
                "to show a natural (VIII.4)",
                table=table,
                words=in_turn(words),
                total=total,
            )
        elif len(words) == 2 and (total == 5 or exempt):
            draws = words[0] == Word.CARD.value
            what = N_(
                "table {table} said {words} with {total}: the first word stands (VIII.4)",
                table=table,
                words=in_turn(words),
                total=total,
            )
        else:
            draws = Word.CARD.value in allowed
            what = N_(
                "table {table} said {words} with {total}: the coup is set by the "
                "rule, {word} (VIII.4)",
                table=table,
                words=in_turn(words),
                total=total,
                word=Word.CARD.value if draws else Word.NO.value,
            )
        events = self._restore(coup, False, what)
        if draws:
            hand.declared = Word.CARD.value
            if self._banker_shows_first(coup):
                if action.card is not None:
                    raise MalformedAction(
                        N_("declaration-error: the banker shows his natural first")
                    )
                return events + self._banker_natural(state, coup)
            given = self._give(state, coup, action.card, "declaration-error")
            hand.cards.append(given)
            events.append(Note(text=N_("table {table} receives {given}", table=table, given=given)))
        else:
            hand.declared = Word.NO.value
            if received:
                if self._banker_shows_first(coup):
                    if action.card is not None:
                        raise MalformedAction(
                            N_("declaration-error: the banker shows his natural first")
                        )
                else:
                    if coup.floating is not None:
                        raise IllegalAction(
                            N_("a card is already waiting ({floating})", floating=coup.floating)
                        )
                    given = self._take_card(state, action.card, "declaration-error")
                    coup.floating = given
                    events.append(
                        Note(
                            text=N_(
                                "the card {given} that table {table} received goes to the next table if it asks, or to the banker if he draws (VIII.4)",
                                given=given,
                                table=table,
                            )
                        )
                    )
            elif action.card is not None:
                raise MalformedAction(N_("declaration-error: a table that stands receives no card"))
        return events + self._advance(state, coup, from_turn=table)

    def _do_croupier_plays(
        self, state: BaccaratTwoTablesState, action: CroupierPlays, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        reasons = {
            "too-slow": W_("the holder took too long; he may not keep the cards"),
            "advised": W_("someone other than the croupier advised"),
        }
        if action.reason not in reasons:
            raise MalformedAction(
                N_("croupier-plays: reason must be one of {reasons}", reasons=sorted(reasons))
            )
        hand_name = _hand(action.hand)
        why = N_("{reason}: the drawing rules are applied (VIII.5)", reason=reasons[action.reason])
        if hand_name == "bank":
            if action.card is not None:
                raise MalformedAction(
                    N_("croupier-plays: the banker's card comes with banker-play")
                )
            if coup.tableau:
                raise IllegalAction(N_("the banker already plays by the bank drawing rules"))
            coup.tableau = True
            coup.incidents.append(why)
            return [Note(text=N_("the banker: {why}", why=why))]
        self._on_turn(coup, hand_name)
        total = coup.hands[hand_name].two_card_total
        word = rule_word(self.profile.rules.punter_rule, total, self.profile.rules.croupier_on_five)
        coup.incidents.append(why)
        return [
            Note(text=N_("table {hand_name}: {why}", hand_name=hand_name, why=why)),
            *self._say(state, coup, hand_name, word, action.card),
        ]

    def _do_cards_thrown(
        self, state: BaccaratTwoTablesState, action: CardsThrown, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        hand_name = _hand(action.hand)
        hand = coup.hands[hand_name]
        label = W_("the banker") if hand_name == "bank" else N_("table {table}", table=hand_name)
        if hand.annulled:
            raise IllegalAction(N_("the coup is annulled for {label}", label=label))
        if action.by_croupier:
            text = N_(
                "the croupier threw the cards of {label} in the basket: they are recovered and "
                "the point rebuilt from the testimony of the players who saw them (VIII.5)",
                label=label,
            )
            coup.incidents.append(text)
            return [Note(text=text)]
        if hand.zero:
            raise IllegalAction(N_("the cards of {label} are already in the basket", label=label))
        hand.zero = True
        text = N_(
            "{label} threw the cards in the basket without showing them: the point is 0, "
            "baccarat (VIII.5)",
            label=label,
        )
        coup.incidents.append(text)
        events: list[Event] = [Note(text=text)]
        if hand_name == "bank":
            if coup.turn == "bank":
                return events + self._settle(state, coup)
            return events
        if hand.declared is None:
            hand.declared = "thrown"
        if coup.turn == hand_name:
            events += self._advance(state, coup, from_turn=hand_name)
        return events

    def _do_wrong_announcement(
        self, state: BaccaratTwoTablesState, action: WrongAnnouncement, _s: Any
    ) -> list[Event]:
        coup = self._coup(state)
        shown = bool(action.tables_shown) or any(coup.hands[t].natural for t in TABLES)
        if not shown:
            text = N_(
                "the banker announced a point that is not his: the players have not shown, "
                "he may still ask for a third card (VIII.5)"
            )
            coup.incidents.append(text)
            return [Note(text=text)]
        return self._restore(
            coup,
            True,
            N_(
                "the banker announced a point that is not his after the players showed: he plays "
                "as in a restored coup (VIII.5, VIII.3)"
            ),
        )

    def _do_claim(self, state: BaccaratTwoTablesState, action: Claim, _s: Any) -> list[Event]:
        player = self._player(state, action.player)
        if state.phase in (Phase.DEALING, Phase.PLAYING):
            return [
                Note(
                    text=N_(
                        "{player} claims ({about}): the inspector resolves it",
                        player=player,
                        about=action.about,
                    )
                )
            ]
        if state.coups == 0:
            raise IllegalAction(N_("no coup has been played"))
        raise IllegalAction(
            N_(
                "no claim is admitted once the coup is over and the stakes paid or collected (VIII.5)"
            )
        )

    def _do_inspector_ruling(
        self, state: BaccaratTwoTablesState, action: InspectorRuling, _s: Any
    ) -> list[Event]:
        if not isinstance(action.text, str) or not action.text.strip():
            raise MalformedAction(N_("inspector-ruling: write the ruling"))
        if state.coup is not None:
            state.coup.incidents.append(action.text)
        return [Note(text=N_("the inspector rules: {text} (VIII.5)", text=action.text))]
