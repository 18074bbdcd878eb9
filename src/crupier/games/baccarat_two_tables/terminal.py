"""The two-table baccarat terminal table: punt on either table, call banco, or hold the bank.

It drives :class:`~crupier.games.baccarat_two_tables.BaccaratTwoTables` with the same
commands as the plain table (``bet 1 50``, ``bet split 60``, ``take N``, ``go``) and adds
the decisions inside a coup: holding a table's cards you say ``card``, ``no`` or
``natural``; holding the bank you ``draw`` or ``stand`` (``tableau`` asks the croupier for
the bank drawing rules). Four robots sit at departments 1, 2 (table 1), 6 and 7 (table 2);
you sit at department 3 and hold table 1's cards when the rotation reaches you. ``eva``
banks unless you take the bank with ``bank AMOUNT`` first.

>>> from io import StringIO
>>> from rich.console import Console
>>> from crupier.games.baccarat_two_tables import load_builtin
>>> table = BaccaratTable("baccarat-two-tables", load_builtin(), seed=2,
...                       console=Console(file=StringIO()))
>>> table.command("buy 5000"), table.balance()
(True, 500000)
>>> table.command("bank 1000"), table.engine.state.banker
(True, 'player')
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from crupier.core.errors import ProfileError, RuleError
from crupier.core.layout import NoMoreBets, PlaceBet
from crupier.core.money import parse_amount
from crupier.core.profile import Profile
from crupier.core.rng import SeededSource, SystemSource
from crupier.core.roles import Role
from crupier.core.round import Action
from crupier.games.baccarat_two_tables import (
    AcceptBank,
    AnnounceBank,
    AskTableau,
    BaccaratTwoTables,
    BaccaratTwoTablesProfile,
    BankerPlay,
    BuyIn,
    CallBanco,
    Deal,
    Declare,
    LeaveBank,
    NewShoe,
    OfferBank,
    Phase,
    Redeposit,
    TakeSeat,
)
from crupier.games.baccarat_two_tables.rules import TABLES, Obligation, rule_word
from crupier.i18n import N_
from crupier.i18n import gettext as _
from crupier.i18n.formats import shown
from crupier.play import GO_WORDS, TerminalTable

ROBOTS = {"ana": 1, "bo": 2, "cy": 6, "di": 7}
"""Robot punters and their departments (two per table, VII)."""
BANKERS = ("eva", "fay")
"""Robots who take the bank when nobody else does."""
ROBOT_CHIPS = 1_000_000
HUMAN_DEPARTMENT = 3

HELP = N_("""Two-table baccarat:
  bet 1 AMOUNT | bet 2 AMOUNT | bet split AMOUNT   stake on table 1, table 2, or both (a cavall)
  banco [1|2]       call banco: cover the whole bank on both tables (start of the shoe)
  go                no more bets: the coup is dealt and played until you must decide
  card | no | natural   your word when you hold a table's cards
  bank AMOUNT       hold the bank (or take it over from a robot after its first coup)
  draw | stand      the banker's decision; tableau: ask for the bank drawing rules
  leave             leave the bank;   redeposit AMOUNT   after the bank has jumped
  seat N            take department N;   table   what you see now""")

QUIET = {"help", "?", "bank", "buy", "balance", "log", "quit", "exit", "q", "table", "view", "seat"}
"""Commands that leave the bank unadjudicated (so that the person may still take it)."""

WORDS = {
    "card": "card",
    "carta": "card",
    "no": "no",
    "natural": "natural",
    "show": "natural",
    "abat": "natural",
}


class BaccaratTable(TerminalTable):
    """A terminal table for one person at two-table baccarat, with robots around him."""

    def __init__(
        self,
        game_id: str,
        profile: Profile,
        *,
        player: str = "player",
        seed: int | None = None,
        console: Console | None = None,
    ) -> None:
        if not isinstance(profile, BaccaratTwoTablesProfile):
            raise ProfileError(
                N_(
                    "{game_id}: {profile!r} is not a two-table baccarat profile",
                    game_id=game_id,
                    profile=profile.profile,
                )
            )
        source = SeededSource(seed) if seed is not None else SystemSource()
        self.engine = BaccaratTwoTables(profile, source)
        self.game = self.engine  # type: ignore[assignment]
        self.player = player
        self.console = console or Console()
        self.seated = False
        for name in (*ROBOTS, *BANKERS):
            self.engine.apply(BuyIn(player=name, amount=ROBOT_CHIPS))
        for name, dept in ROBOTS.items():
            self.engine.apply(TakeSeat(player=name, department=dept))
        self.engine.apply(NewShoe(cut_by="ana"))

    # -- commands ---------------------------------------------------------------------------

    def command(self, line: str) -> bool:
        """Run one command line (see HELP); decisions inside a coup stop the robots."""
        words = line.strip().split()
        if not words:
            return True
        head = words[0].lower()
        self._seat_me()
        if head not in QUIET and self.engine.state.phase is Phase.NO_BANK:
            self.robot_bank()
        try:
            if head in ("help", "?"):
                self.say(escape(_(HELP)))
                return True
            if head in GO_WORDS:
                self.go()
                return True
            if head in WORDS and self._my_table() is not None:
                table = self._my_table()
                assert table is not None
                self.decide(
                    Declare(table=table, word=WORDS[head], player=self.player, by=Role.PLAYER)
                )
                return True
            if head in ("draw", "stand") and self._my_bank_turn():
                draw = head == "draw"
                self.decide(BankerPlay(draw=draw, player=self.player, by=Role.PLAYER))
                return True
            if head == "tableau":
                self.decide(AskTableau(player=self.player, by=Role.PLAYER))
                return True
            if head == "bank":
                self.take_bank(words[1] if len(words) > 1 else None)
                return True
            if head == "leave":
                self.leave_bank()
                return True
            if head == "redeposit" and len(words) == 2:
                amount = parse_amount(words[1])
                self.apply(Redeposit(player=self.player, amount=amount, by=Role.PLAYER))
                return True
            if head == "banco":
                table = words[1] if len(words) > 1 else "1"
                self.apply(CallBanco(player=self.player, table=table, by=Role.PLAYER))
                return True
            if head == "seat" and len(words) == 2 and words[1].isdigit():
                self.apply(TakeSeat(player=self.player, department=int(words[1])))
                return True
            if head in ("table", "view"):
                self.show_table()
                return True
        except RuleError as exc:
            self.refuse(exc)
            return True
        return super().command(line)

    def _seat_me(self) -> None:
        """Sit the person at department 3 the first time he has chips."""
        s = self.engine.state
        if (
            self.seated
            or self.player not in s.players
            or s.phase
            not in (
                Phase.BETTING,
                Phase.NO_BANK,
            )
        ):
            return
        self.seated = True
        if s.banker != self.player and HUMAN_DEPARTMENT not in s.seats:
            self.apply(TakeSeat(player=self.player, department=HUMAN_DEPARTMENT))

    def _my_table(self) -> str | None:
        coup = self.engine.state.coup
        if self.engine.state.phase is not Phase.PLAYING or coup is None or coup.turn not in TABLES:
            return None
        return coup.turn if coup.hands[coup.turn].holder == self.player else None

    def _my_bank_turn(self) -> bool:
        s = self.engine.state
        playing = s.phase is Phase.PLAYING and s.coup is not None
        return playing and s.coup is not None and s.coup.turn == "bank" and s.banker == self.player

    def decide(self, action: Action) -> None:
        """Apply the person's decision, then let the robots play on."""
        if self.apply(action):
            self.play_on()

    # -- the bank ---------------------------------------------------------------------------

    def take_bank(self, amount_text: str | None) -> None:
        """``bank AMOUNT``: hold the bank; with a robot banker, take it over at its amount."""
        s = self.engine.state
        if s.banker == self.player:
            self.say("  " + _("you already hold the bank"))
            return
        if s.banker is None:
            if amount_text is None:
                self.say(_("write: bank AMOUNT   (the bank you put up)"))
                return
            amount = parse_amount(amount_text)
            self.apply(
                AnnounceBank(banker=self.player, amount=amount, shoes=None, by=Role.INSPECTOR)
            )
            return
        robot = s.banker
        if s.players.get(self.player, 0) < s.bank_initial:
            need = shown(s.bank_initial)
            self.say("  " + _("{robot}'s bank passes on at its initial amount: you need {need}").format(
                robot=robot, need=need))  # fmt: skip
            return
        if not self.apply(LeaveBank(player=robot, by=Role.PLAYER)):
            return
        if self.apply(OfferBank(player=self.player, by=Role.INSPECTOR)):
            self.apply(AcceptBank(player=self.player, by=Role.PLAYER))
        self.robot_bank()

    def leave_bank(self) -> None:
        """``leave``: the person leaves the bank; a robot takes it."""
        if self.apply(LeaveBank(player=self.player, by=Role.PLAYER)):
            self.robot_bank()

    def robot_bank(self) -> None:
        """Make sure somebody holds the bank: a robot accepts the offer or is announced."""
        s = self.engine.state
        if s.phase is not Phase.NO_BANK:
            return
        for robot in BANKERS:
            if self.engine.state.phase is not Phase.NO_BANK:
                return
            if self.engine.state.offer_amount is not None:
                offer = OfferBank(player=robot, by=Role.INSPECTOR)
                if self.engine.can(offer):
                    self.apply(offer)
                    self.apply(AcceptBank(player=robot, by=Role.PLAYER))
            else:
                announce = AnnounceBank(
                    banker=robot, amount=self._robot_bank_amount(), shoes=None, by=Role.INSPECTOR
                )
                if self.engine.can(announce):
                    self.apply(announce)

    def _robot_bank_amount(self) -> int:
        return max(self.engine.profile.bank.minimum, 200_000)

    # -- the coup ---------------------------------------------------------------------------

    def go(self) -> None:
        """``go``: robots bet, no more bets, and the coup is played until the person decides."""
        s = self.engine.state
        if s.phase in (Phase.DEALING, Phase.PLAYING):
            if self._waiting_for_me():
                self.ask()
            else:
                self.play_on()
            return
        if s.phase is Phase.NO_BANK:
            self.robot_bank()
        if self.engine.state.phase is Phase.JUMPED:
            if self.engine.state.banker == self.player:
                self.say("  " + _("the bank has jumped: redeposit AMOUNT, or leave"))
                return
            self._robot_jumped()
        s = self.engine.state
        if s.phase is not Phase.BETTING:
            return
        if s.shoe is None or s.shoe.at_stop_card or s.shoe_change is not None:
            self.apply(NewShoe(cut_by="ana"))
        self.robots_bet()
        if not self.apply(NoMoreBets()):
            return
        self.play_on()

    def robots_bet(self) -> None:
        """Each robot punter stakes a few minimums on its own table."""
        s = self.engine.state
        if s.banco_calls:
            return
        minimum = self.engine.profile.limits.minimum
        for i, (robot, dept) in enumerate(ROBOTS.items()):
            if robot == s.banker or robot not in s.players:
                continue
            action = PlaceBet(
                player=robot,
                spot=self.engine.table_of(dept),
                amount=minimum * (1 + i % 3),
                by=Role.PLAYER,
            )
            if self.engine.can(action):
                self.apply(action)

    def _waiting_for_me(self) -> bool:
        return self._my_table() is not None or self._my_bank_turn()

    def play_on(self) -> None:
        """Apply the robots' and the croupier's actions until the person must decide or the
        coup is over."""
        engine = self.engine
        while engine.state.phase in (Phase.DEALING, Phase.PLAYING):
            if self._waiting_for_me():
                self.ask()
                return
            action = self.robot_action()
            if action is None or not self.apply(action):
                return
        self.after_coup()

    def robot_action(self) -> Action | None:
        """The next robot (or croupier) action of the coup."""
        engine = self.engine
        s = engine.state
        if s.phase is Phase.DEALING:
            return Deal(by=Role.CROUPIER)
        coup = s.coup
        if coup is None:
            return None
        rules = engine.profile.rules
        if coup.turn in TABLES:
            hand = coup.hands[coup.turn]
            word = rule_word(rules.punter_rule, hand.two_card_total, rules.croupier_on_five)
            if hand.holder is None:
                return Declare(table=coup.turn, word=word, by=Role.CROUPIER)
            return Declare(table=coup.turn, word=word, player=hand.holder, by=Role.PLAYER)
        must = engine.obligation()
        total = coup.hands["bank"].two_card_total
        draw = must is Obligation.DRAW or (must is Obligation.FREE and total <= 5)
        return BankerPlay(draw=draw, player=s.banker, by=Role.PLAYER)

    def after_coup(self) -> None:
        """After the settlement: the robots' bank jumps, and the person's balance."""
        s = self.engine.state
        if s.phase is Phase.JUMPED and s.banker != self.player:
            self._robot_jumped()
        elif s.phase is Phase.JUMPED:
            self.say("  " + _(
                "the bank has jumped: redeposit AMOUNT (at least the initial bank), or leave"))  # fmt: skip
        elif s.phase is Phase.NO_BANK:
            self.robot_bank()
        self.say(_("Balance: {amount}").format(amount=shown(self.balance())))

    def _robot_jumped(self) -> None:
        s = self.engine.state
        robot = s.banker
        assert robot is not None
        again = Redeposit(player=robot, amount=s.bank_initial, by=Role.PLAYER)
        if self.engine.can(again):
            self.apply(again)
            return
        self.apply(LeaveBank(player=robot, by=Role.PLAYER))
        self.robot_bank()

    def ask(self) -> None:
        """Tell the person what he holds and what he may say."""
        view = self.engine.view(self.player)
        coup = view.get("coup")
        if coup is None:
            return
        hands = coup["hands"]
        for name in TABLES:
            h = hands[name]
            cards = " ".join(h["cards"])
            mark = f" = {h['point']}" if h["point"] is not None else ""
            said = f" ({h['declared']})" if h["declared"] else ""
            self.say("  " + _("table {name}: {cards}").format(name=name, cards=cards) + mark + said)
        table = self._my_table()
        if table is not None:
            h = hands[table]
            self.say("[bold]" + _("You hold table {table}: {cards} = {point}. Say card, no or "
                                  "natural.").format(table=table, cards=" ".join(h["cards"]),
                                                     point=h["point"]) + "[/bold]")  # fmt: skip
            return
        bank = hands["bank"]
        must = self.engine.obligation()
        hint = ("" if must is Obligation.FREE
                else " " + _("The rules oblige you to {decision}.").format(decision=must))  # fmt: skip
        self.say("[bold]" + _("You hold the bank: {cards} = {point}. draw or stand?").format(
            cards=" ".join(bank["cards"]), point=bank["point"]) + hint + " "
            + _("(tableau: play by the bank drawing rules)") + "[/bold]")  # fmt: skip

    def show_table(self) -> None:
        """``table``: the bank, the seats, your stakes and the coup as you see it."""
        view = self.engine.view(self.player)
        bank = shown(view["bank"])
        self.say("  " + _("bank: {banker} {bank} ({modality}), phase {phase}").format(
            banker=view["banker"] or _("nobody"), bank=bank, modality=view["modality"],
            phase=view["phase"]))  # fmt: skip
        seats = ", ".join(f"{d}: {p}" for d, p in view["departments"].items())
        self.say("  " + _("departments: {seats}").format(seats=seats))
        for b in view["bets"]:
            if b["player"] == self.player:
                self.say(f"  #{b['id']} " + _("table {name}: {cards}").format(
                    name=b["table"], cards=shown(b["amount"])))  # fmt: skip
        if "coup" in view:
            self.ask()

    def leave(self) -> None:
        """Leave the bank if you hold it, then cash out as at any table."""
        if self.engine.state.banker == self.player:
            self.leave_bank()
        super().leave()

    def show_bets(self) -> None:
        """List the person's stakes."""
        mine = [b for b in self.engine.state.bets.values() if b.player == self.player]
        if not mine:
            self.say("  " + _("no stakes on the table"))
        for b in sorted(mine, key=lambda b: b.id):
            self.say(f"  #{b.id} " + _("table {name}: {cards}").format(
                name=b.table, cards=shown(b.amount)))  # fmt: skip


TABLE = BaccaratTable
"""The terminal table of ``baccarat-two-tables`` (picked up by ``crupier play``)."""

__all__ = ["TABLE", "BaccaratTable"]
