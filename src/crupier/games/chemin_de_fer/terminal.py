"""The chemin de fer terminal table: hold the bank or punt against simulated players.

The person at the keyboard sits at seat 1 (the croupier's right, offered the bank first);
three simulated players sit at seats 2 to 4. Every command becomes an action of the
engine; the simulated players follow simple fixed habits (they take the bank for the
minimum when they can, pass the hand after three wins, stake the table minimum, play
the drawing rules). The table stops whenever the person has something to decide: take
or pass the bank, stake, the punto's word, the banker's third card.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.chemin_de_fer import load_builtin
>>> out = StringIO()
>>> table = TABLE("chemin-de-fer", load_builtin(), seed=3, console=Console(file=out, width=120))
>>> table.start("2000")
True
>>> "offered to you" in out.getvalue()
True
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.markup import escape

from crupier.core.errors import MalformedAction, RuleError
from crupier.core.layout import BuyIn, CashOut, NoMoreBets, Note
from crupier.core.money import parse_amount
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.core.roles import Role
from crupier.core.round import Action, Event, Record
from crupier.games.chemin_de_fer import AvecLaTable as AvecLaTableCall
from crupier.games.chemin_de_fer import (
    Banco,
    BankerPlay,
    BidForBank,
    CheminDeFer,
    CheminDeFerProfile,
    ClaimCards,
    CloseAuction,
    Deal,
    Declare,
    DeclineBank,
    GiveCard,
    NewShoe,
    OfferBank,
    PassHand,
    Phase,
    PlaceStake,
    TakeBank,
    TakeSeat,
    Tip,
    WithdrawStake,
    banker_must,
    punto_cell,
    punto_word_by_the_rules,
)
from crupier.games.chemin_de_fer.profile import Cell, hand_total, point_value
from crupier.games.chemin_de_fer.state import (
    BankAwarded,
    BankReturned,
    CagnotteTaken,
    CoupResult,
    OfferStage,
    StakeSettled,
)
from crupier.i18n import N_, ngettext
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown
from crupier.play import TerminalTable

HELP = N_("""Commands:
  bank AMOUNT       take the bank offered to you (or take it back), e.g.  bank 200
  pass              decline the bank offered to you; as banker, pass the hand
  bid AMOUNT        bid for the bank when it is auctioned
  stake AMOUNT      a stake against the bank (or just: AMOUNT)
  banco             bet the whole bank alone;  avec: banco avec la table (half the bank)
  withdraw          take back your stake;  claim: hold the punto cards (previous banker)
  go                no more bets: the coup is dealt and played
  carte | non | show   your word when you hold the punto cards
  draw | stand | rules the banker's third card when you hold the bank
  table             the table as you see it;  balance;  buy AMOUNT;  tip AMOUNT
  log               the session's log (actions and draws) as JSON
  help              this help
  quit              cash out and leave""")

BOTS = ("ana", "bo", "cy", "dani")
"""The simulated players (three of them sit down)."""


class CheminDeFerTable(TerminalTable):
    """A chemin de fer table for one person and three simulated players."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, CheminDeFerProfile):
            raise MalformedAction(N_("{game}: not a chemin de fer profile", game=profile.game))
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.engine = CheminDeFer(profile, source)
        self.game = self.engine  # type: ignore[assignment]
        self.player = player
        self.console = console or Console()
        self.bots = [b for b in BOTS if b != player][:3]

    # -- output ----------------------------------------------------------------------------

    def show_event(self, event: Event) -> None:
        """Print one event."""
        if isinstance(event, CoupResult):
            self.say("[bold]" + _("Result: {result}").format(result=escape(event.announcement))
                     + "[/bold]")  # fmt: skip
        elif isinstance(event, StakeSettled):
            who = _("you") if event.player == self.player else event.player
            stake = shown(event.stake)
            if event.decision == "win":
                self.say(f"  {who} {stake}: [green]" + _("wins +{win}").format(
                    win=shown(event.win)) + "[/green]")  # fmt: skip
            elif event.decision == "lose":
                self.say(f"  {who} {stake}: [red]" + _("loses") + "[/red]")
            else:
                self.say(f"  {who} {stake}: {event.decision}")
        elif isinstance(event, (BankAwarded, BankReturned, CagnotteTaken)):
            return
        elif isinstance(event, Note):
            self.say(f"  [dim]{escape(event.text)}[/dim]")

    def act(self, action: Action) -> Record | None:
        """Apply an action, printing its events or the refusal."""
        try:
            record = self.engine.apply(action)
        except RuleError as exc:
            self.refuse(exc)
            return None
        self.show(record)
        return record

    def balance(self) -> int:
        """Your chips in hand."""
        return self.engine.state.players.get(self.player, 0)

    # -- the table's own flow ----------------------------------------------------------------

    def start(self, buy_in: str) -> bool:
        """Buy in, seat everyone, load a shoe and offer the bank; False if refused."""
        profile = self.engine.profile
        self.say(f"[bold]crupier — {escape(_('Baccarat chemin de fer'))}[/bold] " + escape(_(
            "({profile} rules). Minimum stake {stake}, minimum bank {bank}. Type help for "
            "commands.").format(profile=profile.profile, stake=shown(profile.limits.minimum),
                                bank=shown(profile.bank.minimum))))  # fmt: skip
        try:
            amount = parse_amount(buy_in)
        except RuleError as exc:
            self.refuse(exc)
            return False
        if self.act(BuyIn(player=self.player, amount=amount)) is None:
            return False
        self.act(TakeSeat(player=self.player, seat=1))
        bankroll = max(amount, 40 * profile.limits.minimum)
        for seat, bot in enumerate(self.bots, start=2):
            self.act(BuyIn(player=bot, amount=bankroll))
            self.act(TakeSeat(player=bot, seat=seat))
        self.act(NewShoe(by=Role.SYSTEM))
        self.act(OfferBank())
        self.advance()
        return True

    def run(self, buy_in: str) -> int:
        """The interactive loop; returns the exit status."""
        if not self.start(buy_in):
            return 2
        while True:
            try:
                line = self.console.input("[bold cyan]> [/bold cyan]")
            except (EOFError, KeyboardInterrupt):
                break
            if not self.command(line):
                break
        self.leave()
        return 0

    def leave(self) -> None:
        """Cash out if nothing of yours is engaged, and say goodbye."""
        state = self.engine.state
        engaged = (state.bank is not None and self.player in state.bank.shares) or any(
            s.player == self.player for s in state.stakes.values()
        )
        offer = state.offer
        if offer is not None and offer.candidate == self.player:
            self.act(DeclineBank(player=self.player, by=Role.PLAYER))
            state = self.engine.state
        if engaged:
            self.say(_("Your chips are engaged at the table; they stay with it."))
        elif self.player in state.players:
            self.act(CashOut(player=self.player))
        n = len(self.engine.log)
        self.say(ngettext("Goodbye. {n} action in the log.", "Goodbye. {n} actions in the log.",
                          n).format(n=n))  # fmt: skip

    def _me(self) -> dict[str, Any]:
        return {"player": self.player, "by": Role.PLAYER}

    def command(self, line: str) -> bool:
        """Run one command line; return False to leave the table."""
        words = line.strip().lower().split()
        if not words:
            return True
        head, rest = words[0], words[1:]
        state = self.engine.state
        try:
            if head in ("quit", "exit", "q"):
                return False
            if head in ("help", "?"):
                self.say(escape(_(HELP)))
                return True
            if head in ("table", "status"):
                self.show_table()
                return True
            if head == "balance":
                self.say(_("Balance: {amount}").format(amount=shown(self.balance())))
                return True
            if head == "log":
                self.say(escape(json.dumps([e.to_dict() for e in self.engine.log], indent=1)))
                return True
            if head == "buy" and len(rest) == 1:
                self.act(BuyIn(player=self.player, amount=parse_amount(rest[0])))
            elif head == "tip" and len(rest) == 1:
                self.act(Tip(amount=parse_amount(rest[0]), **self._me()))
            elif head in ("bank", "take") and len(rest) == 1:
                amount = parse_amount(rest[0])
                offer = state.offer
                if offer is not None and offer.stage is OfferStage.AUCTION:
                    self.act(BidForBank(amount=amount, **self._me()))
                else:
                    self.act(TakeBank(amount=amount, **self._me()))
            elif head == "bid" and len(rest) == 1:
                self.act(BidForBank(amount=parse_amount(rest[0]), **self._me()))
            elif head == "pass":
                if state.phase is Phase.OFFER:
                    self.act(DeclineBank(**self._me()))
                else:
                    self.act(PassHand(**self._me()))
            elif head in ("stake", "bet") and len(rest) == 1:
                self.act(PlaceStake(amount=parse_amount(rest[0]), **self._me()))
            elif head == "banco":
                self.act(Banco(**self._me()))
            elif head == "avec":
                self.act(AvecLaTableCall(**self._me()))
            elif head == "withdraw":
                self.act(WithdrawStake(**self._me()))
            elif head == "claim":
                self.act(ClaimCards(**self._me()))
            elif head in ("go", "deal"):
                self.play_coup()
            elif head in ("carte", "non", "show"):
                self.act(Declare(word=head, **self._me()))
            elif head in ("draw", "stand", "rules"):
                draw = {"draw": True, "stand": False, "rules": None}[head]
                self.act(BankerPlay(draw=draw, **self._me()))
            elif len(words) == 1 and words[0].replace(".", "", 1).replace(",", "", 1).isdigit():
                self.act(PlaceStake(amount=parse_amount(words[0]), **self._me()))
            else:
                self.say(_("unknown command (help lists the commands)"))
                return True
        except RuleError as exc:
            self.refuse(exc)
            return True
        self.advance()
        return True

    def show_table(self) -> None:
        """Print the table as the person sees it."""
        view = self.engine.view(self.player)
        bank = view["bank"]
        if bank is not None:
            self.say("  " + _("bank: {banker} {amount}").format(banker=bank["banker"],
                                                            amount=shown(bank["amount"])))  # fmt: skip
        for stake in view["stakes"]:
            self.say("  " + _("stake: {player} {amount} {kind}").format(
                player=stake["player"], amount=shown(stake["amount"]), kind=stake["kind"]))  # fmt: skip
        coup = view.get("coup")
        if coup is not None:
            self.say("  " + _("punto ({holder}): {cards}").format(holder=coup["holder"],
                                                              cards=" ".join(coup["punto"])))  # fmt: skip
            self.say("  " + _("banker: {cards}").format(cards=" ".join(coup["banker"])))
        self.say("  " + _("cagnotte {cagnotte}; your chips {chips}").format(
            cagnotte=shown(view["cagnotte"]), chips=shown(self.balance())))  # fmt: skip

    # -- driving the simulated players and the croupier ----------------------------------------

    def play_coup(self) -> None:
        """ "go": the simulated punters stake, the croupier calls no more bets."""
        state = self.engine.state
        if state.phase in (Phase.DEAL, Phase.PUNTO, Phase.BANKER):
            self.say(_("the coup is under way"))
            return
        if state.phase is not Phase.STAKES or state.bank is None:
            self.say(_("there is no bank to play against yet"))
            return
        if state.shoe is None or state.shoe.at_stop_card:
            self.act(NewShoe(by=Role.SYSTEM))
        self.bots_stake()
        if not self.engine.state.stakes:
            self.say(_("nobody stakes against the bank"))
            return
        self.act(NoMoreBets(by=Role.SYSTEM))

    def bots_stake(self) -> None:
        """Each simulated punter stakes the minimum until the bank is covered; one with
        banco suivi calls banco again."""
        minimum = self.engine.profile.limits.minimum
        for bot in self.bots:
            state = self.engine.state
            bank = state.bank
            if bank is None or state.on_table() >= bank.amount:
                return
            if bot in bank.shares or any(s.player == bot for s in state.stakes.values()):
                continue
            chips = state.players.get(bot, 0)
            if state.suivi == bot and chips >= bank.amount:
                self.act(Banco(player=bot, by=Role.PLAYER))
                return
            if chips >= minimum:
                self.act(PlaceStake(player=bot, amount=minimum, by=Role.PLAYER))

    def advance(self) -> None:
        """Let the croupier and the simulated players act until the person must decide."""
        for _step in range(200):
            if not self.step():
                return

    def step(self) -> bool:
        """One automatic action; False when the table waits for the person."""
        engine = self.engine
        state = engine.state
        me = self.player
        if state.phase is Phase.OFFER:
            offer = state.offer
            if offer is None:
                return False
            if offer.stage is OfferStage.AUCTION:
                return self.bots_bid()
            who = offer.candidate
            if who == me:
                self.say("[bold]" + _("The bank is offered to you") + "[/bold] " + _(
                    "(at least {minimum}): bank AMOUNT, or pass").format(
                    minimum=shown(offer.minimum)))  # fmt: skip
                return False
            if who is None:
                return False
            chips = state.players.get(who, 0)
            want = offer.minimum
            if who in self.bots and chips >= 2 * want:
                return self.act(TakeBank(player=who, amount=want, by=Role.PLAYER)) is not None
            return self.act(DeclineBank(player=who, by=Role.PLAYER)) is not None
        if state.phase is Phase.STAKES:
            bank = state.bank
            if bank is None:
                return False
            tired = bank.banker in self.bots and bank.last == "win" and bank.coups >= 3
            if tired and not state.stakes:
                return self.act(PassHand(player=bank.banker, by=Role.PLAYER)) is not None
            if bank.banker == me:
                self.say("[bold]" + _("You hold the bank: {amount}.").format(
                    amount=shown(bank.amount)) + "[/bold] "
                    + _("go to deal, or pass to pass the hand"))  # fmt: skip
            else:
                self.say("[bold]" + _("{banker} holds the bank: {amount}.").format(
                    banker=bank.banker, amount=shown(bank.amount)) + "[/bold] "
                    + _("stake AMOUNT, banco or avec, then go"))  # fmt: skip
            return False
        coup = state.coup
        bank = state.bank
        if coup is None or bank is None:
            return False
        if state.phase is Phase.DEAL:
            if bank.banker == me:
                return self.act(Deal(player=me, by=Role.PLAYER)) is not None
            return self.act(Deal(by=Role.SYSTEM)) is not None
        if state.phase is Phase.PUNTO:
            if coup.holder == me:
                cards = " ".join(str(c) for c in coup.punto)
                total = hand_total(coup.punto)
                hint = (
                    "show"
                    if total >= 8
                    else {Cell.DRAW: "carte", Cell.STAND: "non", Cell.OPTIONAL: "carte or non"}[
                        punto_cell(engine.profile.rules, total)
                    ]
                )
                self.say("[bold]" + _("You hold the punto cards: {cards} ({total}).").format(
                    cards=cards, total=total) + "[/bold] " + _("Say {hint}").format(hint=hint))  # fmt: skip
                return False
            word = punto_word_by_the_rules(engine.profile.rules, hand_total(coup.punto))
            return self.act(Declare(player=coup.holder, word=word, by=Role.CROUPIER)) is not None
        if state.phase is Phase.BANKER:
            if coup.owed:
                return self.act(GiveCard(by=Role.SYSTEM)) is not None
            if bank.banker == me:
                total = hand_total(coup.banker)
                third = point_value(coup.punto[2]) if coup.punto_third else None
                must = banker_must(engine.profile.rules, coup.mode, total, third)
                if must is not None:
                    return self.act(BankerPlay(player=me, draw=must, by=Role.PLAYER)) is not None
                cards = " ".join(str(c) for c in coup.banker)
                against = (_("the punto stood") if third is None
                           else _("a third card of {third}").format(third=third))  # fmt: skip
                self.say("[bold]" + _("Your cards: {cards} ({total}) against {against}: draw or "
                                      "stand?").format(cards=cards, total=total, against=against)
                         + "[/bold] " + _("(rules: by the rules)"))  # fmt: skip
                return False
            return self.act(BankerPlay(by=Role.SYSTEM)) is not None
        return False

    def bots_bid(self) -> bool:
        """In an auction the first simulated player who can afford it bids the minimum,
        and the croupier knocks the bank down."""
        offer = self.engine.state.offer
        assert offer is not None
        if not offer.bids:
            for bot in self.bots:
                if bot in offer.excluded or self.engine.state.players.get(bot, 0) < offer.minimum:
                    continue
                if self.act(BidForBank(player=bot, amount=offer.minimum, by=Role.PLAYER)):
                    break
        now = self.engine.state.offer
        if now is None:
            return True
        if not now.bids:
            self.say("[bold]" + _("The bank is auctioned") + "[/bold] " + _(
                "(at least {minimum}): bid AMOUNT").format(minimum=shown(now.minimum)))  # fmt: skip
            return False
        return self.act(CloseAuction()) is not None


TABLE = CheminDeFerTable
"""The terminal table ``crupier play chemin-de-fer`` uses."""
