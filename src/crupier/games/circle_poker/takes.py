"""The house take of a circle-poker table, simulated: rake (or time charge) per deal and
per hour at the profile's stakes, with the computer opponents of :mod:`.bots` buying in
at 100 minimum bets (or the resta) and re-buying when short (or, under a resta,
when it is exhausted).

>>> from crupier.games.holdem import load_builtin
>>> t = house_take("holdem", load_builtin(), players=6, deals=20, seed=3)
>>> t.deals, t.per_deal > 0
(20, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from crupier.core.layout import BuyIn
from crupier.core.rng import RandomSource, SeededSource
from crupier.games.circle_poker.actions import DrawSeats, StartDeal
from crupier.games.circle_poker.profile import CirclePokerProfile, HouseOption
from crupier.i18n import N_, W_

DEALS_PER_HOUR = 30
"""DEFAULT: deals per hour at a dealt table (a live table's usual pace)."""


@dataclass(frozen=True)
class HouseTake:
    """The simulated take: mean per deal with its 95 % interval, and per hour."""

    game: str
    players: int
    deals: int
    per_deal: float
    half_width: float
    per_hour: float
    option: str


def _stack(profile: CirclePokerProfile) -> int:
    return max(100 * profile.stakes.minimum_bet, profile.resta.minimum)


def seat_bots(game: Any, players: int) -> list[str]:
    """Buy ``players`` bots in (``bot1``...) at 100 minimum bets (or the resta) and draw
    the seats; their names."""
    names = [f"bot{i + 1}" for i in range(players)]
    for name in names:
        game.apply(BuyIn(player=name, amount=_stack(game.profile)))
    game.apply(DrawSeats())
    return names


def bots_deal(game: Any, names: list[str]) -> None:
    """One deal played by the bots of :func:`seat_bots`, after their re-buys: when short
    (half the stack), or under a resta when it is exhausted (23.2.5.III)."""
    profile: CirclePokerProfile = game.profile
    stack = _stack(profile)
    exhausted = max(1, profile.stakes.ante)
    for name in names:
        chips = game.state.chips[name]
        if profile.resta.minimum and chips < exhausted:  # a new resta
            game.apply(BuyIn(player=name, amount=stack))
        elif not profile.resta.minimum and chips < stack // 2:
            game.apply(BuyIn(player=name, amount=stack - chips))
    game.apply(StartDeal())
    while game.state.deal is not None:
        action = game.bot_action()
        assert action is not None
        game.apply(action)


def play_deals(
    game_id: str, profile: CirclePokerProfile, players: int, deals: int, source: RandomSource
) -> tuple[Any, list[int]]:
    """A new table of ``players`` bots (:func:`seat_bots`) dealt ``deals`` deals from
    ``source`` through the engine: the game, and the house's take of each deal (what the
    deal added to the house's chips: its rake, ``Result.rake`` in the engine's books). The
    one copy of the play behind the PAR sheet's take and ``crupier simulate``.

    >>> from crupier.games.holdem import load_builtin
    >>> game, takes = play_deals("holdem", load_builtin(), 4, 3, SeededSource(1))
    >>> takes == [r.rake for r in game.state.results]
    True
    """
    from crupier.games.catalogue import new_game

    game: Any = new_game(game_id, profile, source)
    names = seat_bots(game, players)
    takes: list[int] = []
    for _ in range(deals):
        before = game.state.house
        bots_deal(game, names)
        takes.append(game.state.house - before)
    return game, takes


def table_sizes(profile: CirclePokerProfile) -> list[int]:
    """The table sizes the take is given for: 4, 6 and the most seats (those the table
    allows).

    >>> from crupier.games.holdem import load_builtin
    >>> table_sizes(load_builtin())
    [4, 6, 10]
    """
    sizes = {4, 6, profile.table.max_players}
    return sorted(n for n in sizes if profile.table.min_players <= n <= profile.table.max_players)


def house_take(
    game_id: str, profile: CirclePokerProfile, players: int = 6, deals: int = 2000, seed: int = 1
) -> HouseTake:
    """Simulate ``deals`` deals of ``players`` bots and measure the house's take. A time
    charge does not depend on the play: it is computed, and no deal is simulated."""
    house = profile.house
    if house.option is HouseOption.TIME:
        per_hour = players * house.time_charge * 60 / house.period_minutes
        return HouseTake(game_id, players, 0, per_hour / DEALS_PER_HOUR, 0.0, per_hour, "time")
    _game, takes = play_deals(game_id, profile, players, deals, SeededSource(seed))
    n = len(takes)
    mean = sum(takes) / n
    var = sum((t - mean) ** 2 for t in takes) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return HouseTake(game_id, players, n, mean, half, mean * DEALS_PER_HOUR, "rake")


TAKE_DEALS = 100
"""Deals simulated per table size on the PAR sheet. Each costs 20-50 validated actions of
the engine; 100 give the mean per deal within about ±10-25 % (95 %), the interval printed
beside it (200 took the catalogue's PAR run 13 s; the interval narrows as 1/sqrt(deals):
``take_table(profile, deals=...)`` or ``house_take`` for a closer figure)."""


def take_table(profile: CirclePokerProfile, deals: int = TAKE_DEALS) -> dict[str, Any]:
    """The PAR sheet's table of the house take at 4, 6 and the maximum seats (simulated,
    with its 95 % interval; a time charge computed)."""
    rows = []
    for players in table_sizes(profile):
        t = house_take(profile.game, profile, players=players, deals=deals, seed=players)
        rows.append(
            [
                str(players),
                str(t.deals) if t.option == "rake" else "-",
                f"{t.per_deal / 100:.2f}",
                f"{t.half_width / 100:.2f}",
                f"{t.per_hour / 100:.2f}",
            ]
        )
    return {
        "title": N_(
            "House take ({option}), {how}, {n} deals an hour, {currency}",
            option=W_("time") if profile.house.option is HouseOption.TIME else W_("rake"),
            how=W_("computed") if profile.house.option is HouseOption.TIME else W_("simulated"),
            n=DEALS_PER_HOUR,
            currency=profile.currency,
        ),
        "columns": [N_("players"), N_("deals"), N_("per deal"), "± 95 %", N_("per hour")],
        "rows": rows,
    }


__all__ = [
    "DEALS_PER_HOUR",
    "TAKE_DEALS",
    "HouseTake",
    "bots_deal",
    "house_take",
    "play_deals",
    "seat_bots",
    "table_sizes",
    "take_table",
]
