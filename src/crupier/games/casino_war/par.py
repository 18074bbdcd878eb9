"""The exact PAR model: every way a box's round can go from a full shoe, the chains of the
three bets and the extra tables of the sheet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any, NamedTuple

from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win, net_of
from crupier.games.casino_war.profile import CasinoWarProfile
from crupier.games.casino_war.showdown import (
    Decision,
    resolve_challenge,
    resolve_initial,
    resolve_tie_bet,
)
from crupier.i18n import N_

# -- PAR: exact enumeration over the shoe --------------------------------------------------------


class RoundOutcome(NamedTuple):
    """One box heads-up: the first comparison and, after a tie, the war comparison."""

    first: int
    war: int | None


def _e2(counts: Sequence[int]) -> int:
    """Ordered pairs of cards (first, second) with the first of a higher rank."""
    total = sum(counts)
    return (total * total - sum(c * c for c in counts)) // 2


@cache
def round_distribution(decks: int, war_burn: int) -> tuple[tuple[RoundOutcome, Fraction], ...]:
    """Every heads-up outcome with its exact probability, dealt as the engine deals: the
    player's card, the croupier's, then after a tie ``war_burn`` burnt cards, the player's
    war card and the croupier's, all without replacement from a full shoe.

    The burnt cards are enumerated one by one over the composition left (grouped by the
    multiset of rank counts, which is all the comparison depends on).

    >>> dist = dict(round_distribution(1, 3))
    >>> dist[RoundOutcome(0, 0)] / (1 - dist[RoundOutcome(1, None)] - dist[RoundOutcome(-1, None)])
    Fraction(73, 1225)
    >>> sum(dist.values())
    Fraction(1, 1)
    """
    per_rank = 4 * decks
    n = 52 * decks
    full = [per_rank] * 13
    higher = _e2(full)
    tie_first = sum(c * (c - 1) for c in full)
    # after a tie on any rank: one rank has two cards fewer
    states: dict[tuple[int, ...], int] = {
        tuple(sorted([per_rank - 2] + [per_rank] * 12)): tie_first
    }
    for _ in range(war_burn):
        nxt: dict[tuple[int, ...], int] = {}
        for counts, weight in states.items():
            for i, c in enumerate(counts):
                if c:
                    key = tuple(sorted((*counts[:i], c - 1, *counts[i + 1 :])))
                    nxt[key] = nxt.get(key, 0) + weight * c
        states = nxt
    m = n - 2 - war_burn
    war_win = war_tie = 0
    for counts, weight in states.items():
        war_win += weight * _e2(counts)
        war_tie += weight * sum(c * (c - 1) for c in counts)
    first_denom = n * (n - 1)
    war_denom = first_denom * math.perm(n - 2, war_burn) * m * (m - 1)
    return (
        (RoundOutcome(1, None), Fraction(higher, first_denom)),
        (RoundOutcome(-1, None), Fraction(higher, first_denom)),
        (RoundOutcome(0, 1), Fraction(war_win, war_denom)),
        (RoundOutcome(0, 0), Fraction(war_tie, war_denom)),
        (RoundOutcome(0, -1), Fraction(war_win, war_denom)),
    )


def _as_resolution(net: Fraction) -> Resolution:
    """The resolution whose net result per initial unit is ``net``.

    Losing the initial and the challenge bet is a net of -2 initial units: the shared
    vocabulary has no loss beyond the stake, so it is carried as ``Win`` with ratio -2
    (the analyser uses the ratio as the net and counts no hit for it).

    >>> _as_resolution(Fraction(-2)), _as_resolution(Fraction(-1, 2))
    (Win(ratio=Fraction(-2, 1)), Refund(fraction=Fraction(1, 2)))
    """
    if net == 0:
        return Push()
    if net == -1:
        return Lose()
    if -1 < net < 0:
        return Refund(1 + net)
    return Win(net)


@dataclass(frozen=True)
class CasinoWarChain:
    """One bet of one box heads-up for the exact analyser, per unit of initial bet.

    ``war``: the initial bet, always going to war on a tie (the challenge bet counted with
    it); ``war-surrender``: the initial bet, always surrendering; ``tie``: the tie bet.
    """

    bet_id: str
    profile: CasinoWarProfile

    def outcomes(self) -> tuple[tuple[RoundOutcome, Fraction], ...]:
        return round_distribution(self.profile.shoe.decks, self.profile.rules.war_burn)

    def start(self) -> str:
        return "placed"

    def step(self, state: str, outcome: RoundOutcome) -> Resolution:
        return _as_resolution(box_net(self.profile, self.bet_id, outcome))

    def next_state(self, state: str, stay: Stay) -> str:  # pragma: no cover - never stays
        return state


def box_net(profile: CasinoWarProfile, bet_id: str, outcome: RoundOutcome) -> Fraction:
    """The net result, per unit of initial (or tie) bet, of ``bet_id`` on ``outcome``, with the
    engine's own rule.

    >>> from crupier.games.casino_war import load_builtin
    >>> p = load_builtin()
    >>> [box_net(p, "war", RoundOutcome(0, w)) for w in (1, 0, -1)]
    [Fraction(1, 1), Fraction(2, 1), Fraction(-2, 1)]
    >>> box_net(p, "war-surrender", RoundOutcome(0, 1)), box_net(p, "tie", RoundOutcome(0, -1))
    (Fraction(-1, 2), Fraction(10, 1))
    """
    if bet_id == "tie":
        res = resolve_tie_bet(profile, outcome.first)
        assert not isinstance(res, Stay)
        return net_of(res)
    goes_to_war = bet_id == "war" and profile.rules.war_offered
    decision = Decision.WAR if goes_to_war else Decision.SURRENDER
    war = outcome.war if goes_to_war else None
    initial = resolve_initial(profile, outcome.first, war, decision)
    assert not isinstance(initial, Stay)
    net = net_of(initial)
    if outcome.first == 0 and goes_to_war:
        assert outcome.war is not None
        challenge = resolve_challenge(profile, outcome.war)
        assert not isinstance(challenge, Stay)
        net += net_of(challenge)
    return net


BET_IDS = ("war", "war-surrender", "tie")


def par_chains(profile: CasinoWarProfile) -> list[CasinoWarChain]:
    """The initial bet always going to war (``war``, where war is offered), always surrendering
    (``war-surrender``) and the tie bet (``tie``), for the exact analyser.

    >>> from crupier.games.casino_war import load_builtin
    >>> [c.bet_id for c in par_chains(load_builtin())]
    ['war', 'war-surrender', 'tie']
    """
    ids = BET_IDS if profile.rules.war_offered else BET_IDS[1:]
    return [CasinoWarChain(bet_id, profile) for bet_id in ids]


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _decimal(value: Fraction) -> str:
    return f"{float(value):.6f}"


def par_outcomes(profile: CasinoWarProfile) -> list[dict[str, Any]]:
    """Exact tables for one box heads-up: the outcomes of the first deal and of the war, and
    the value of each choice after a tie.

    >>> from crupier.games.casino_war import load_builtin
    >>> tables = par_outcomes(load_builtin())
    >>> tables[0]["rows"][2][:2]
    ['tie', '23/311']
    >>> tables[1]["rows"][0][:2]
    ['go to war', '-...']
    """
    dist = dict(round_distribution(profile.shoe.decks, profile.rules.war_burn))
    tie = dist[RoundOutcome(0, 1)] + dist[RoundOutcome(0, 0)] + dist[RoundOutcome(0, -1)]
    rows = [
        [
            N_("player higher"),
            _exact(dist[RoundOutcome(1, None)]),
            _decimal(dist[RoundOutcome(1, None)]),
        ],
        [
            N_("player lower"),
            _exact(dist[RoundOutcome(-1, None)]),
            _decimal(dist[RoundOutcome(-1, None)]),
        ],
        [N_("tie"), _exact(tie), _decimal(tie)],
    ]
    after = (
        (1, N_("after a tie: war card higher")),
        (0, N_("after a tie: war cards equal")),
        (-1, N_("after a tie: war card lower")),
    )
    for war, said in after:
        given = dist[RoundOutcome(0, war)] / tie
        rows.append([said, _exact(given), _decimal(given)])
    war_ev = sum(
        (
            dist[RoundOutcome(0, w)] / tie * box_net(profile, "war", RoundOutcome(0, w))
            for w in (1, 0, -1)
        ),
        Fraction(0),
    )
    surrender_ev = box_net(profile, "war-surrender", RoundOutcome(0, 0))
    decisions = []
    if profile.rules.war_offered:
        decisions.append([N_("go to war"), _exact(war_ev), _decimal(war_ev)])
    decisions.append([N_("surrender"), _exact(surrender_ev), _decimal(surrender_ev)])
    wagered = []
    for chain in par_chains(profile):
        if chain.bet_id == "tie":
            continue
        ev = sum((p * box_net(profile, chain.bet_id, o) for o, p in dist.items()), Fraction(0))
        staked = Fraction(1) + (tie if chain.bet_id == "war" else 0)
        wagered.append(
            [chain.bet_id, _exact(ev), _exact(staked), _exact(ev / staked), _decimal(ev / staked)]
        )
    decks = profile.shoe.decks
    return [
        {
            "title": N_("Outcomes, one box heads-up ({decks} decks)", decks=decks),
            "columns": [N_("Outcome"), N_("Probability"), N_("Decimal")],
            "rows": rows,
        },
        {
            "title": N_("After a tie: expected result per unit of initial bet"),
            "columns": [N_("Decision"), N_("EV"), N_("Decimal")],
            "rows": decisions,
        },
        {
            "title": N_("The initial bet per unit wagered (the challenge bet included)"),
            "columns": [
                N_("Strategy"),
                N_("EV per initial bet"),
                N_("Average wagered"),
                N_("EV per unit wagered"),
                N_("Decimal"),
            ],
            "rows": wagered,
        },
    ]
