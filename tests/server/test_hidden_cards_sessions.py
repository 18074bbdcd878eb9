"""Whole recorded sessions at every table of the demo casino: no frame and no answer shows
a card before it is dealt, the shoe's order, or another player's balance.

Design principle 5 and spec 07/03/05/14...: the shoe's order and the burnt cards stay
hidden, the cards are shown as they are dealt, and a player sees his own balance only.
The test is generic: it walks the demo casino's tables (``crupier.server.setup.TABLES``,
one table of every game that has an engine), so a new game is covered by adding its table.
At each table, with the casino's random source seeded (the shoes are deterministic), two
players and the table's crew play whole rounds: a seeded driver picks, at each step, a
person and one of the actions the server offers them, with its fields drawn from the
action's own declaration (the catalogue's engine) and the game's bet names (its PAR
chains). Every WebSocket frame and every HTTP answer that the players, the croupiers,
the table chief, the changer, the inspector and the director receive is recorded.

What is asserted, from the server's own shoes (the cards each shoe gives out, and its
order read from the live engine after every step; never from the views):

- every card named in any message is one that a shoe had already given out when the
  message was sent (so no undealt card; a message may name a card twice, in the events
  and in the view, so this is a check of which cards, not of how many);
- no message holds six cards in a row in the order they still lie in a shoe at the end
  (no shoe order);
- a player's messages hold no other player's balance.

Which cards taken out stay face down (a burnt card, a hole card) is each game's rule
(monte lays its burnt cards face up): those are checked by the games' own tests and by
``test_hidden_cards.py`` and ``test_live_blackjack.py``.

``CRUPIER_LONG=1`` plays more rounds.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import json
import os
import random
import re
import threading
import time
import types
import typing
from collections import Counter
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serving import Client, Server, absorb

from crupier.core.rng import SeededSource
from crupier.core.shoe import Shoe
from crupier.games.catalogue import GAMES
from crupier.server.poker_room import POKER_GAMES
from crupier.server.setup import TABLES

LONG = bool(os.environ.get("CRUPIER_LONG"))
ROUNDS = 6 if LONG else 2
STEPS = 1500 if LONG else 400
WINDOW = 6  # cards in a row in the shoe's order that no message may hold
#: View keys whose card names are designations by the rules, not cards out of the pack:
#: monte names, from its profile's table, the cards still in the pack that would annul a
#: simple bet (spec 13, doubled and tripled cards) -- public, and no sign of their order.
DESIGNATIONS = frozenset({"annulled"})
#: Actions the driver leaves alone: they end the session or stop play, not deal cards.
LEAVE = {
    "cash-out",
    "leave-seat",
    "void",
    "suspend",
    "last-rounds",
    "reopen",
    "decline-shoe",
    "take-down",
    "withdraw-stake",
    "request-seat-change",
    "tip",
    "bar",
    "bar-shooter",
    "pass-dice",  # craps: the dice would pass to a shooter outside the session
    "associate",
    "join-waiting-list",  # a player waits for a seat instead of playing
    "rest",  # the poker room: a resting player sits out the deals
    "leave",  # the poker room: a player leaving frees his seat  # chemin de fer: two players in one bank leave no one to stake against it
}
#: Incidents the driver plays only now and then (a card burnt, a card out of turn, a
#: violation): they take cards out too, but taken as often as the round's own steps they
#: crowd them out and no round ends.
RARE = {
    "burn",
    "dealer-early-card",
    "unasked-card",
    "early-draw",
    "violation",
    "forfeit",
    "misdeal",
    "exposed-hand",
    "card-on-floor",
    "wrong-holder",
    "cards-in-cesta",
    "thrown-away",
    "slow-play",
    "void-coup",
    "cards-thrown",
    "cards-in-basket",
    "misdealt-card",
    "withheld-card",
    "cards-uncovered",
    "rectify-deal",
    "wrong-announcement",
    "declaration-error",
    "inspector-ruling",
}
#: Games whose bank is adjudicated and deposited at the cage before any play (spec 09,
#: OPS-BK-14): the banker and the bank the table chief records, buys in and announces.
DEPOSITED_BANK = {"baccarat-two-tables": ("P1", 100_000)}
#: Games that need more than two players in a session: two-table baccarat seats at least
#: two at each of its tables besides its banker (spec 09, VII).
SEATED = {"baccarat-two-tables": 5, **dict.fromkeys(POKER_GAMES, 5)}
#: The poker room: players bring this to the table (its stakes: 2.00 to 1,000.00).
POKER_BUY_IN = 20_000
#: Where the table chief seats the punters first, at the games of :data:`DEPOSITED_BANK`:
#: two-table baccarat's departments 1 to 5 are at its first table, 6 to 10 at its second.
SEATS = {"baccarat-two-tables": {"P2": 1, "P3": 2, "P4": 6, "P5": 7}}
#: Fields whose values a game draws from its own range: two-table baccarat's ten
#: departments, five at each table, and its places to bet (spec 09); the words a
#: baccarat hand-holder says (specs 08 and 09).
FIELDS: dict[str, dict[str, list[Any]]] = {
    "baccarat-two-tables": {
        "department": list(range(1, 11)),
        "table": ["1", "2"],
        "spot": ["table 1", "table 2", "split"],
        "word": ["natural", "card", "no"],
    },
    "chemin-de-fer": {"word": ["show", "carte", "non"]},
}
#: Actions the driver takes first, once, as soon as they are offered: a shoe is loaded
#: before any stake (at two-table baccarat a stake on the table bars a new shoe).
FIRST = {"new-shoe"}
#: Actions only at the start of a session (later they would crowd out the play).
SETUP = {"buy-in", "change-dice", "colour-chips", "colour-cash-in"}


@dataclasses.dataclass
class Message:
    """What one person received: a WebSocket frame or an HTTP answer, and when."""

    who: str
    at: float
    text: str
    delta: bool = False  # a delta as sent (its whole view is recorded beside it)


class Tape:
    """Every message of a session, in the order received (thread-safe)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []
        self._lock = threading.Lock()

    def add(self, who: str, text: str, *, delta: bool = False) -> None:
        with self._lock:
            self.messages.append(Message(who, time.monotonic(), text, delta))


class Socket:
    """A table's WebSocket that puts every frame on the tape (in a thread)."""

    def __init__(self, client: Client, who: str, table: str, tape: Tape) -> None:
        from websockets.sync.client import connect

        headers = {"Cookie": f"crupier_session={client.cookie}"}
        self.ws = connect(f"{client.server.ws_url}/ws/tables/{table}", additional_headers=headers)
        self.tape, self.who = tape, who
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        from websockets.exceptions import ConnectionClosed

        frame: dict[str, Any] | None = None
        try:
            for text in self.ws:
                message = json.loads(text)
                if message.get("type") != "delta":
                    self.tape.add(self.who, str(text))
                else:  # the delta as sent, and the whole view the client then holds
                    self.tape.add(self.who, str(text), delta=True)
                frame = absorb(frame, message) or frame
                if message.get("type") == "delta" and frame is not None:
                    self.tape.add(self.who, json.dumps(frame))
        except ConnectionClosed:
            pass

    def close(self) -> None:
        self.ws.close()
        self.thread.join(5)


class Person:
    """A logged-in person whose every HTTP answer goes on the tape."""

    def __init__(self, server: Server, username: str, tape: Tape) -> None:
        self.client, self.username, self.tape = server.client(username), username, tape
        self.player = username.upper() if re.fullmatch(r"p\d+", username) else None
        self.players = ["P1", "P2"]  # the players of the session, for the staff to name

    def get(self, path: str) -> httpx.Response:
        r = self.client.get(path)
        self.tape.add(self.username, r.text)
        return r

    def act(self, table: str, action: dict[str, Any]) -> httpx.Response:
        r = self.client.post(f"/api/tables/{table}/actions", {"action": action})
        self.tape.add(self.username, r.text)
        return r


# ----------------------------------------------------------------- the server's shoes


def shoes_in(value: Any, seen: set[int] | None = None) -> Iterator[Shoe]:
    """Every :class:`Shoe` inside an engine's state (dataclasses, dicts, lists)."""
    seen = set() if seen is None else seen
    if id(value) in seen or isinstance(value, str | int | float | bytes | enum.Enum):
        return
    seen.add(id(value))
    if isinstance(value, Shoe):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from shoes_in(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for v in value.values():
            yield from shoes_in(v, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            yield from shoes_in(v, seen)
    elif hasattr(value, "__dict__"):
        for v in vars(value).values():
            yield from shoes_in(v, seen)


class Shoes:
    """Every card taken out of a shoe during the session (counted as the shoe gives it
    out: :meth:`Shoe._remove` and :meth:`Shoe.draw_many`, a round's cards in one pass, are
    wrapped to count, and still do their work), and each electronic shoe's undealt order,
    read after every step."""

    def __init__(self) -> None:
        self.taken: Counter[str] = Counter()
        self.undealt: dict[tuple[int, int, int | None, int], tuple[str, ...]] = {}
        self.steps: list[tuple[float, Counter[str]]] = []  # (answer time, taken by then)

    def read(self, server: Server, table: str) -> None:
        assert server.opened is not None
        engine = server.opened.casino.live_engine(table)
        for shoe in shoes_in(engine.state):
            if shoe.order:  # an electronic shoe (a live one's cards are entered)
                key = (shoe.decks, shoe.total, shoe.stop_at, shoe.cut_at)
                self.undealt[key] = tuple(str(c) for c in shoe.order[shoe.pos :])
        self.steps.append((time.monotonic(), Counter(self.taken)))

    def shown_when(self, at: float) -> Counter[str]:
        """What could be shown by a message received at ``at``: the state after the first
        step answered at or after it (its views are pushed once it is committed)."""
        for answered, shown in self.steps:
            if answered >= at:
                return shown
        return self.steps[-1][1]


@pytest.fixture
def shoes(monkeypatch: pytest.MonkeyPatch) -> Shoes:
    """The session's :class:`Shoes`, counting every card a shoe gives out."""
    found = Shoes()
    remove, draw_many = Shoe._remove, Shoe.draw_many

    def counting(shoe: Shoe, card: Any) -> Any:
        out = remove(shoe, card)
        found.taken[str(card)] += 1
        return out

    def counting_many(shoe: Shoe, n: int) -> Any:
        out = draw_many(shoe, n)
        found.taken.update(str(card) for card in out)
        return out

    monkeypatch.setattr(Shoe, "_remove", counting)
    monkeypatch.setattr(Shoe, "draw_many", counting_many)
    return found


# ------------------------------------------------------------------ the driver


def bet_names(game: str) -> list[str]:
    """The game's bet names as its PAR sheet has them, and the boxes of the box games."""
    import importlib

    module = importlib.import_module(GAMES[game].module).GAME
    names = set()
    with_profile = module.par(module.load_profile())
    for chain in with_profile:
        name = getattr(chain, "name", None) or getattr(chain, "bet_id", None)
        if isinstance(name, str):
            names.add(name)
    return [*sorted(names), "box-1", "box-2", "box-3"]


def value_for(
    name: str, hint: Any, person: Person, minimum: int, spots: list[str], rng: random.Random
) -> Any:
    """A plausible value of an action's field, from its name and its declared type."""
    if name == "player":
        return person.player or rng.choice(person.players)
    if name == "spot":
        return rng.choice(spots)
    if name == "amount":
        return minimum * rng.choice([1, 1, 2])
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return rng.choice(typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(hint) if a is not type(None)]
        return value_for(name, options[0], person, minimum, spots, rng) if options else None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return rng.choice(list(hint)).value
    if hint is bool:
        return False
    if hint is int:
        return rng.choice([0, 1, 1, 2, 3])
    if hint is str:
        return rng.choice(["P1", "P2", "1", "yes", "no"])
    if origin in (tuple, list):
        return []
    return None


def offered(seen: dict[str, Any], spots: list[str]) -> list[str]:
    """The spots the table's view offers (``spots``: the card games' boxes as their engine
    names them), else the game's bet names."""
    view = seen.get("view")
    named = view.get("spots") if isinstance(view, dict) else None
    if isinstance(named, list) and named and all(isinstance(n, str) for n in named):
        return list(named)
    return spots


def own_spots(seen: dict[str, Any], spots: list[str], player: Any) -> list[str]:
    """Of ``spots``, those of the places ``player`` holds (the view's ``seats``, place to
    player) or has bets on (its ``bets``; a spot's place is the first number in its name),
    else all of them: at the card games a bet on another's place is refused, and a place
    needs all its bets before the deal."""
    view = seen.get("view")
    seats = view.get("seats") if isinstance(view, dict) else None
    if not isinstance(seats, dict):
        return spots
    places = {str(k) for k, v in seats.items() if v == player}
    bets = view.get("bets") if isinstance(view, dict) else None
    for bet in bets if isinstance(bets, list) else []:  # and those he has begun to bet on
        found = re.search(r"\d+", str(bet.get("spot"))) if isinstance(bet, dict) else None
        if found is not None and bet.get("player") == player:
            places.add(found[0])
    mine = [s for s in spots if (m := re.search(r"\d+", s)) is not None and m[0] in places]
    return mine or spots


def in_turn(seen: dict[str, Any]) -> dict[str, Any]:
    """The fields the view says are due now: the box whose turn it is (``turn``) and the
    player who commands it (``to_act``), at the games that play box by box; at the poker
    room, the seat in turn and the least total the view says he may bet or raise to."""
    view = seen.get("view")
    if not isinstance(view, dict):
        return {}
    due: dict[str, Any] = {}
    turn = view.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("box"), int):
        due["box"] = turn["box"]
    if isinstance(view.get("to_act"), str):
        due["player"] = view["to_act"]
    deal = view.get("deal")  # the poker room: the seat in turn and what he may bet to
    if isinstance(deal, dict) and isinstance(deal.get("to_act"), str):
        due["player"] = deal["to_act"]
        wager = deal.get("wager") if isinstance(deal.get("wager"), dict) else {}
        bounds = wager.get("bet") or wager.get("raise")
        if isinstance(bounds, list) and bounds:
            due["to"] = bounds[0]
    return due


def action_for(
    kind: str,
    engine: Any,
    person: Person,
    minimum: int,
    spots: list[str],
    rng: random.Random,
    due: dict[str, Any] | None = None,
    seen: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An action of ``kind`` with every field it requires (the optional ones left out:
    the engine draws the cards from its shoe); ``due`` (:func:`in_turn`) fills the box
    and, for the staff, the player whose turn it is."""
    cls = engine.actions[kind]
    hints = typing.get_type_hints(cls)
    action: dict[str, Any] = {"kind": kind}
    due = dict(due or {})
    if person.player is not None:
        due.pop("player", None)
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if required and f.name not in ("by", "kind"):
            if f.name in due:
                action[f.name] = due[f.name]
            else:
                action[f.name] = value_for(f.name, hints.get(f.name), person, minimum, spots, rng)
    bank = getattr(getattr(engine, "profile", None), "bank", None)
    if kind == "bid" and isinstance(getattr(bank, "minimum", None), int):
        action["amount"] = bank.minimum * rng.choice([1, 1, 2])  # a bank at auction
    if "spot" in action and "player" in action and seen is not None:
        action["spot"] = rng.choice(own_spots(seen, spots, action["player"]))
    return action


def logins(crew: dict[str, str], table: str, players: int = 2) -> tuple[list[str], list[str]]:
    """Who acts at the table (two players and its crew) and who only watches."""
    crew_logins = [s.lower() for s in crew if s.startswith("R")]
    if "V1" in crew:
        crew_logins.append("changer")
    actors = [*(f"p{n}" for n in range(1, players + 1)), f"chief-{table.lower()}", *crew_logins]
    return actors, ["inspector", "director"]


def deposit_bank(chief: Person, table: str, game: str) -> dict[str, dict[str, Any]]:
    """At a game of :data:`DEPOSITED_BANK`, the table chief records the bank's deposit at
    the cage and the banker buys its chips in; the fields the bank's announcement and the
    shoe's cut need, by action."""
    if game not in DEPOSITED_BANK:
        return {}
    banker, amount = DEPOSITED_BANK[game]
    body = {"banker": banker, "amount": amount, "method": "ANNOUNCED", "deposit_ref": "CAGE-1"}
    deposited = chief.client.post(f"/api/tables/{table}/bank", body)
    assert deposited.status_code == 200, deposited.text
    bought = chief.client.post(f"/api/tables/{table}/buy-in", {"player": banker, "amount": amount})
    assert bought.status_code == 200, bought.text
    for player, department in SEATS.get(game, {}).items():  # two at each table (VII)
        seated = chief.act(table, {"kind": "take-seat", "player": player, "department": department})
        assert seated.status_code == 200, seated.text
    cut_by = "P2" if banker == "P1" else "P1"  # a player cuts the cards (spec 09)
    return {"announce-bank": {"banker": banker, "amount": amount}, "new-shoe": {"cut_by": cut_by}}


def seat_poker_players(people: dict[str, Person], table: str, players: list[str]) -> None:
    """The poker room (spec 23.VII): the players join the table and wait in order; the
    croupier draws the seats of the four present by lot (a partida needs four), then a fifth
    arrives and waits, and the table's chief calls him from the waiting list to a free seat,
    drawn by lot."""
    first, last = players[:-1], players[-1]
    for name in first:
        joined = people[name].client.post(
            f"/api/tables/{table}/poker/join", {"amount": POKER_BUY_IN}
        )
        assert joined.status_code == 200, joined.text
    croupier = next(p for u, p in people.items() if re.fullmatch(r"r\d+", u))
    drawn = croupier.act(table, {"kind": "draw-seats"})
    assert drawn.status_code == 200, drawn.text
    joined = people[last].client.post(f"/api/tables/{table}/poker/join", {"amount": POKER_BUY_IN})
    assert joined.status_code == 200 and joined.json()["waiting"] == 1, joined.text
    called = people[f"chief-{table.lower()}"].client.post(f"/api/tables/{table}/poker/call-next")
    assert called.status_code == 200 and called.json()["player"] == last.upper(), called.text
    seats = people["director"].get(f"/api/tables/{table}").json()["view"]["seats"]
    assert sorted(seats.values()) == sorted(p.upper() for p in players), seats


def play_session(server: Server, table: str, game: str, crew: dict[str, str], shoes: Shoes) -> Tape:
    """Whole rounds at ``table`` by a seeded driver, every message recorded."""
    assert server.opened is not None
    casino = server.opened.casino
    casino.source = SeededSource(sum(map(ord, table)) * 7919)
    rng = random.Random(f"hidden-cards-{table}")
    tape = Tape()
    actors_, watchers = logins(crew, table, SEATED.get(game, 2))
    people = {u: Person(server, u, tape) for u in [*actors_, *watchers]}
    for person in people.values():
        person.players = [u.upper() for u in actors_ if re.fullmatch(r"p\d+", u)]
    sockets = [Socket(p.client, u, table, tape) for u, p in people.items()]
    spots = bet_names(game)
    try:
        status = people["director"].get(f"/api/tables/{table}").json()["status"]
        minimum = int(status["limits"]["minimum"])
        start = int(status["rounds"])
        due_for = deposit_bank(people[f"chief-{table.lower()}"], table, game)
        if game in POKER_GAMES:
            seat_poker_players(people, table, [u for u in actors_ if re.fullmatch(r"p\d+", u)])
        shoes.read(server, table)
        done: set[str] = set()
        for step in range(STEPS):
            person = people[rng.choice(actors_)]
            seen = person.get(f"/api/tables/{table}").json()
            if int(seen["status"]["rounds"]) - start >= ROUNDS:
                break
            legal = [k for k in seen["legal_actions"] if k not in LEAVE]
            if step >= 20:  # chips bought (the demo players have some): on with the rounds
                legal = [k for k in legal if k not in SETUP]
            if not legal:
                continue
            engine = casino.live_engine(table)
            common = [k for k in legal if k not in RARE]
            kind = rng.choice(common if common and rng.random() >= 0.1 else legal)
            kind = next((k for k in legal if k in FIRST and k not in done), kind)
            action = action_for(
                kind,
                engine,
                person,
                minimum,
                offered(seen, spots),
                rng,
                in_turn(seen),
                seen,
            )
            action.update(due_for.get(kind, {}))
            for name, choices in FIELDS.get(game, {}).items():
                if name in action:
                    action[name] = rng.choice(choices)
            if person.act(table, action).status_code == 200:
                done.add(kind)
            shoes.read(server, table)
            if step % 10 == 0:
                for watcher in watchers:
                    people[watcher].get(f"/api/tables/{table}")
        final = people["director"].get(f"/api/tables/{table}").json()["status"]
        played = int(final["rounds"]) - start
        assert played >= 1, f"{table}: the driver finished no round in {STEPS} steps"
        time.sleep(0.5)  # the last pushes
    finally:
        for socket in sockets:
            socket.close()
    return tape


# ------------------------------------------------------------------ the checks


def without_designations(text: str) -> str:
    """The message with the :data:`DESIGNATIONS` keys left out, wherever they are."""

    def cut(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: cut(v) for k, v in value.items() if k not in DESIGNATIONS}
        if isinstance(value, list):
            return [cut(v) for v in value]
        return value

    try:
        return json.dumps(cut(json.loads(text)))
    except json.JSONDecodeError:
        return text


def card_tokens(text: str, cards: set[str]) -> list[str]:
    if not cards:
        return []
    text = without_designations(text)
    pattern = re.compile(
        r"(?<![A-Za-z0-9])(?:" + "|".join(sorted(map(re.escape, cards))) + r")(?![A-Za-z0-9])"
    )
    return pattern.findall(text)


def balances_of_others(text: str, own: str) -> list[str]:
    """Other players' balances in a message to player ``own`` (``players`` maps a
    player to his chips wherever a view holds it)."""
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            players = value.get("players")
            if isinstance(players, dict):
                found.extend(p for p in players if p != own)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    with contextlib.suppress(json.JSONDecodeError):
        walk(json.loads(text))
    return found


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(None, tmp_path_factory.mktemp("data"))
    yield server
    server.stop()


#: Tables at which the seeded driver does not yet finish a round by picking among the
#: actions offered (what is missing, not a rule of the game): they are reported as skipped.
NOT_YET: dict[str, str] = {}


def _tables() -> list[Any]:
    return [
        pytest.param(
            t[0],
            t[1],
            t[3],
            id=t[0],
            marks=[pytest.mark.skip(reason=NOT_YET[t[0]])] if t[0] in NOT_YET else [],
        )
        for t in TABLES
    ]


@pytest.mark.parametrize(("table", "game", "crew"), _tables())
def test_no_message_of_a_whole_session_shows_a_hidden_card(
    demo: Server, table: str, game: str, crew: dict[str, str], shoes: Shoes
) -> None:
    tape = play_session(demo, table, game, crew, shoes)
    undealt = list(shoes.undealt.values())
    cards = set(shoes.taken) | {c for order in undealt for c in order}
    windows = {
        tuple(order[i : i + WINDOW]) for order in undealt for i in range(len(order) - WINDOW + 1)
    }
    wrong: list[str] = []
    for message in tape.messages:
        tokens = card_tokens(message.text, cards)
        beyond = set(tokens) - set(shoes.shown_when(message.at))
        if beyond:
            wrong.append(f"{message.who} saw {sorted(beyond)} not yet dealt: {message.text[:300]}")
        for i in range(len(tokens) - WINDOW + 1):
            if tuple(tokens[i : i + WINDOW]) in windows:
                wrong.append(f"{message.who} saw the shoe's order: {message.text[:300]}")
                break
        if re.fullmatch(r"p\d+", message.who) and not message.delta:
            others = balances_of_others(message.text, message.who.upper())
            if others:
                wrong.append(f"{message.who} saw the balances of {others}")
    assert len(tape.messages) > 0
    assert wrong == [], wrong[:5]
