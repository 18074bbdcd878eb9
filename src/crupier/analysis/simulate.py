"""Monte Carlo at scale: every bet of a game simulated over billions of rounds, on one
machine's cores or on a Dask cluster, reproducibly.

**One copy of every rule.** The kernel does not know any game. It is compiled from the
game's own PAR model (``GAME.par``): each bet's chain is walked once, outcome by outcome and
state by state, through the chain's ``step`` — which is the engine's own resolve function —
into three tables: the net result of a resolving outcome, the next state of one that keeps
the bet on the layout (a prison, a craps point) with the share of the stake kept, and
whether it is a win. Bets whose chains share their outcomes (every bet of a roulette spin,
of a throw of the dice) share one stream of draws, as they share the wheel at a table.

**Kernels.** A batch draws its outcomes with numpy (uniform outcomes as integers, others
by inverse CDF). One pass over the draws settles every bet: bets that keep their whole
stake while they stay are grouped by their transition table (every craps line bet moves
through the same points), and each group is walked once by a numba loop that counts the
(state, outcome) pairs that resolve; a bet with one state (a place bet, a hard way, a bet
settled on the next outcome) needs no walk, its counts are the outcome counts
(``bincount``). Each bet's sums are then its table of net results weighed by those counts.
Only a bet that keeps a share of its stake (a prison) is walked on its own.

**Reproducible.** The root seed's :class:`numpy.random.SeedSequence` is spawned once per
batch; batch ``i`` always draws the same outcomes, and the batches' sums are added in batch
order, so the result is the same on one process, a pool of workers or a cluster.

>>> res = simulate("sic-bo", rounds=200_000, seed=7, batch=100_000)
>>> small = next(b for b in res.bets if b.bet_id == "small")
>>> small.resolved, abs(small.mean + float(small.exact_edge)) < 4 * small.std_error
(200000, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from crupier.analysis.exact import analyse
from crupier.analysis.played_bets import played_batch, played_bet_ids, played_bets
from crupier.core.profile import Profile
from crupier.core.resolution import BetChain, Stay, Win, net_of

MAX_STATES = 256
"""A chain with more states than this is not compiled (the exact analyser still covers it)."""

Z95 = 1.959963984540054

DEFAULT_BATCH = 4_000_000
"""Outcomes per batch (one seed each) when none is asked, at a game with bets against the
house."""

NO_EXACT = "none (Monte Carlo only)"
"""What the exact column says for a bet whose house edge is known only by Monte Carlo."""


@dataclass(frozen=True)
class BetKernel:
    """One bet compiled to tables over (state, outcome)."""

    bet_id: str
    net: npt.NDArray[np.float64]
    """Net result per unit first staked when the outcome resolves the bet (share at risk 1)."""
    nxt: npt.NDArray[np.int32]
    """The next state when the bet stays; -1 when the outcome resolves it."""
    scale: npt.NDArray[np.float64]
    """The share of the stake kept at risk when the bet stays."""
    win: npt.NDArray[np.bool_]
    exact_edge: Fraction

    @property
    def single_step(self) -> bool:
        """True when every outcome resolves the bet at once."""
        return bool(self.nxt.shape[0] == 1 and (self.nxt < 0).all())


@dataclass(frozen=True)
class OutcomeSpace:
    """The outcomes a group of bets is settled on, with their probabilities."""

    labels: tuple[str, ...]
    probs: npt.NDArray[np.float64]
    bets: tuple[BetKernel, ...]
    outcomes: tuple[Any, ...] = ()
    """The outcomes themselves (a real-shoe kernel maps its coups onto them)."""

    @property
    def uniform(self) -> bool:
        """True when every outcome is equally likely (a fair wheel, fair dice)."""
        return bool(np.all(self.probs == self.probs[0]))


def compile_chain(chain: BetChain[Any, Any], outcomes: list[tuple[Any, Fraction]]) -> BetKernel:
    """Walk ``chain`` over its states into the kernel's tables (see the module)."""
    index: dict[Hashable, int] = {chain.start(): 0}
    order: list[Hashable] = [chain.start()]
    rows: list[tuple[list[float], list[int], list[float], list[bool]]] = []
    i = 0
    while i < len(order):
        state = order[i]
        net, nxt, scale, win = [], [], [], []
        for outcome, _p in outcomes:
            res = chain.step(state, outcome)
            if isinstance(res, Stay):
                after = chain.next_state(state, res)
                if after not in index:
                    index[after] = len(order)
                    order.append(after)
                net.append(0.0)
                nxt.append(index[after])
                scale.append(float(res.scale))
                win.append(False)
            else:
                net.append(float(net_of(res)))
                nxt.append(-1)
                scale.append(1.0)
                win.append(isinstance(res, Win) and res.ratio > 0)
        rows.append((net, nxt, scale, win))
        i += 1
        if len(order) > MAX_STATES:
            raise ValueError(f"{chain.bet_id}: more than {MAX_STATES} states")
    edge = analyse(chain, getattr(chain, "method", "exact")).house_edge
    return BetKernel(
        chain.bet_id,
        np.array([r[0] for r in rows], dtype=np.float64),
        np.array([r[1] for r in rows], dtype=np.int32),
        np.array([r[2] for r in rows], dtype=np.float64),
        np.array([r[3] for r in rows], dtype=np.bool_),
        edge,
    )


def compile_game(game_id: str, profile: Profile) -> tuple[OutcomeSpace, ...]:
    """Every bet of the game's PAR model compiled, grouped by shared outcomes."""
    from crupier.games.catalogue import game_module

    groups: dict[tuple[Any, ...], tuple[list[tuple[Any, Fraction]], list[BetKernel]]] = {}
    for chain in game_module(game_id).par(profile):
        outcomes = list(chain.outcomes())
        key = tuple((repr(o), p) for o, p in outcomes)
        groups.setdefault(key, (outcomes, []))[1].append(compile_chain(chain, outcomes))
    return tuple(
        OutcomeSpace(
            tuple(repr(o) for o, _ in outcomes),
            np.array([float(p) for _, p in outcomes], dtype=np.float64),
            tuple(kernels),
            tuple(o for o, _ in outcomes),
        )
        for outcomes, kernels in groups.values()
    )


@cache
def _compiled(game_id: str, profile_name: str, rules: str | None) -> tuple[OutcomeSpace, ...]:
    from crupier.games.catalogue import load_profile

    path = None if rules is None else Path(rules)
    return compile_game(game_id, load_profile(game_id, profile_name, path))


# -- the kernels ----------------------------------------------------------------------------


def _walk_py(
    draws: npt.NDArray[np.int32],
    net: npt.NDArray[np.float64],
    nxt: npt.NDArray[np.int32],
    scale: npt.NDArray[np.float64],
    win: npt.NDArray[np.bool_],
) -> tuple[int, float, float, int]:
    """A bet that can stay, walked over the draws: (resolved, sum, sum of squares, wins).
    Compiled by numba (:data:`walk`); a bet still open at the end is not counted."""
    done = 0
    s1 = 0.0
    s2 = 0.0
    hits = 0
    state = 0
    risk = 1.0
    for i in range(draws.shape[0]):
        o = draws[i]
        after = nxt[state, o]
        if after >= 0:
            risk *= scale[state, o]
            state = after
            continue
        v = (risk - 1.0) + risk * net[state, o]
        s1 += v
        s2 += v * v
        done += 1
        if win[state, o]:
            hits += 1
        state = 0
        risk = 1.0
    return done, s1, s2, hits


def _jit(fn: Callable[..., Any]) -> Callable[..., Any]:
    try:
        from numba import njit
    except ImportError:  # pragma: no cover - numba is a dependency; keep working without it
        return fn
    compiled: Callable[..., Any] = njit(cache=True, nogil=True)(fn)
    return compiled


walk = _jit(_walk_py)


def _resolutions_py(
    draws: npt.NDArray[np.int32], nxt: npt.NDArray[np.int32], hist: npt.NDArray[np.int64]
) -> None:
    """Walk the draws through one transition table, counting into ``hist[state, outcome]``
    every step that resolves the bet (it restarts in state 0). Compiled by numba."""
    state = 0
    for i in range(draws.shape[0]):
        o = draws[i]
        after = nxt[state, o]
        if after < 0:
            hist[state, o] += 1
            state = 0
        else:
            state = after


resolutions = _jit(_resolutions_py)


def resolution_counts(
    draws: npt.NDArray[np.int32], nxt: npt.NDArray[np.int32], counts: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """How many times each (state, outcome) resolved a bet with transitions ``nxt`` that
    is placed again as soon as it resolves; ``counts`` are the draws' outcome counts.

    A one-state bet needs no walk: every resolving outcome drawn settles it once.

    >>> nxt = np.array([[-1, 0, -1]], dtype=np.int32)  # outcome 1 leaves the bet standing
    >>> draws = np.array([0, 1, 1, 2, 0], dtype=np.int32)
    >>> resolution_counts(draws, nxt, np.bincount(draws, minlength=3)).tolist()
    [[2, 0, 1]]
    """
    if nxt.shape[0] == 1:
        return np.where(nxt[0] < 0, counts, 0).astype(np.int64)[None, :]
    hist = np.zeros(nxt.shape, dtype=np.int64)
    resolutions(draws, nxt, hist)
    return hist


@dataclass
class BetSums:
    """A bet's sums over some rounds (added batch by batch, in batch order)."""

    resolved: int = 0
    s1: float = 0.0
    s2: float = 0.0
    hits: int = 0
    payouts: dict[float, int] = field(default_factory=dict)
    samples: int = 0
    """The independent samples ``s1`` and ``s2`` sum over where they are not the resolved
    bets: the deals of a kernel that plays each deal both ways
    (:mod:`crupier.analysis.played_bets`), each sample a deal's mean net result; 0 when
    ``s1`` and ``s2`` sum the resolved bets' net results."""

    def add(self, other: BetSums) -> None:
        """Add another batch's sums."""
        self.resolved += other.resolved
        self.samples += other.samples
        self.s1 += other.s1
        self.s2 += other.s2
        self.hits += other.hits
        for k, v in other.payouts.items():
            self.payouts[k] = self.payouts.get(k, 0) + v


def draw_outcomes(
    space: OutcomeSpace, rng: np.random.Generator, size: int
) -> npt.NDArray[np.int32]:
    """``size`` outcome indices of ``space``."""
    k = len(space.labels)
    if space.uniform:
        return rng.integers(0, k, size=size, dtype=np.int32)
    cumulative = np.cumsum(space.probs)
    cumulative[-1] = 1.0
    return np.searchsorted(cumulative, rng.random(size), side="right").astype(np.int32)


def run_batch(
    game_id: str, profile_name: str, rules: str | None, seed: np.random.SeedSequence, size: int
) -> list[dict[str, BetSums]]:
    """One batch of ``size`` outcomes per outcome space: every bet's sums. The unit a worker
    runs (a process of the pool or a Dask worker)."""
    spaces = _compiled(game_id, profile_name, rules)
    children = seed.spawn(len(spaces))
    out: list[dict[str, BetSums]] = []
    for space, child in zip(spaces, children, strict=True):
        rng = np.random.Generator(np.random.PCG64(child))
        draws = _draws(game_id, profile_name, rules, space, rng, size)
        out.append(settle(space, draws))
    if played_bet_ids(game_id):  # after the spaces' children: their draws stay as they were
        out.append(played_batch(game_id, profile_name, rules, seed.spawn(1)[0], size))
    return out


def settle(space: OutcomeSpace, draws: npt.NDArray[np.int32]) -> dict[str, BetSums]:
    """Every bet of ``space`` settled over ``draws`` in one pass (see the module): bets
    sharing a transition table share one walk."""
    counts = np.bincount(draws, minlength=len(space.labels)).astype(np.int64)
    walked: dict[bytes, npt.NDArray[np.int64]] = {}
    sums: dict[str, BetSums] = {}
    for bet in space.bets:
        if not bool(np.all(bet.scale == 1.0)):
            done, s1, s2, hits = walk(draws, bet.net, bet.nxt, bet.scale, bet.win)
            sums[bet.bet_id] = BetSums(int(done), float(s1), float(s2), int(hits))
            continue
        key = bet.nxt.tobytes() + bytes(str(bet.nxt.shape), "ascii")
        hist = walked.get(key)
        if hist is None:
            hist = walked[key] = resolution_counts(draws, bet.nxt, counts)
        sums[bet.bet_id] = _sums_of(bet, hist)
    return sums


def _sums_of(bet: BetKernel, hist: npt.NDArray[np.int64]) -> BetSums:
    """A bet's sums from the (state, outcome) counts that resolved it."""
    net = np.where(bet.nxt < 0, bet.net, 0.0)
    payouts: dict[float, int] = {}
    for value, c in zip(net.ravel().tolist(), hist.ravel().tolist(), strict=True):
        if c:
            payouts[value] = payouts.get(value, 0) + c
    return BetSums(
        int(hist.sum()),
        float((hist * net).sum()),
        float((hist * (net * net)).sum()),
        int(hist[bet.win].sum()),
        payouts,
    )


def _draws(
    game_id: str,
    profile_name: str,
    rules: str | None,
    space: OutcomeSpace,
    rng: np.random.Generator,
    size: int,
) -> npt.NDArray[np.int32]:
    """The batch's outcomes: dealt from real shoes where the game has a shoe kernel
    (:mod:`crupier.analysis.shoes`; each outcome space its own shoes) or from fresh packs
    card by card (:mod:`crupier.analysis.fresh_packs`), else drawn from the PAR model's
    distribution."""
    from crupier.analysis.fresh_packs import FRESH_PACKS
    from crupier.analysis.shoes import REAL_SHOES

    dealer = REAL_SHOES.get(game_id) or FRESH_PACKS.get(game_id)
    if dealer is None:
        return draw_outcomes(space, rng, size)
    from crupier.games.catalogue import load_profile

    profile = load_profile(game_id, profile_name, None if rules is None else Path(rules))
    return dealer(space, profile, rng, size)


# -- the run --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BetResult:
    """A bet's simulated figures beside its exact ones."""

    bet_id: str
    resolved: int
    mean: float
    """Mean net result per resolved bet (minus the house edge)."""
    std_dev: float
    """The deviation of a sample's net result: a resolved bet's, or a deal's mean where
    ``samples`` is set."""
    hit_frequency: float
    exact_edge: Fraction | None
    """The exact house edge; None where none is known (a bet settled by a strategy whose
    figure exists only by Monte Carlo: shown as :data:`NO_EXACT`)."""
    payouts: dict[float, int]
    samples: int | None = None
    """The independent samples behind the interval where they are not the resolved bets
    (deals each played both ways: the two rounds of a deal are dependent)."""
    strategy: str | None = None
    """The player's strategy, for a bet settled by one."""

    @property
    def std_error(self) -> float:
        """The standard error of the mean."""
        n = self.resolved if self.samples is None else self.samples
        return self.std_dev / math.sqrt(n) if n else math.inf

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % interval of the house edge."""
        half = Z95 * self.std_error
        return (-self.mean - half, -self.mean + half)

    @property
    def difference(self) -> float | None:
        """Simulated edge minus the exact edge (None without an exact edge)."""
        return None if self.exact_edge is None else -self.mean - float(self.exact_edge)

    @property
    def exact_in_interval(self) -> bool | None:
        """Whether the exact edge lies in the 95 % interval (None without one)."""
        if self.exact_edge is None:
            return None
        low, high = self.interval
        return low <= float(self.exact_edge) <= high

    def to_dict(self) -> dict[str, Any]:
        """JSON form; a bet without an exact edge has ``exact`` :data:`NO_EXACT` and null
        exact figures."""
        low, high = self.interval
        edge = self.exact_edge
        out: dict[str, Any] = {
            "id": self.bet_id,
            "resolved": self.resolved,
            "house_edge": -self.mean,
            "interval_95": [low, high],
            "hit_frequency": self.hit_frequency,
            "std_dev": self.std_dev,
            "exact": "exact" if edge is not None else NO_EXACT,
            "exact_house_edge": None if edge is None else float(edge),
            "exact_house_edge_fraction": (
                None if edge is None else f"{edge.numerator}/{edge.denominator}"
            ),
            "difference": self.difference,
            "exact_in_interval": self.exact_in_interval,
            "payouts": {str(k): v for k, v in sorted(self.payouts.items())},
        }
        if self.samples is not None:
            out["samples"] = self.samples
        if self.strategy is not None:
            out["strategy"] = self.strategy
        return out


@dataclass(frozen=True)
class Simulation:
    """A simulation's figures: the game, its seed, rounds per outcome space, every bet."""

    game_id: str
    profile: str
    seed: int
    rounds: int
    batches: int
    bets: tuple[BetResult, ...]
    trace: dict[str, tuple[tuple[int, float, float], ...]] = field(default_factory=dict)
    """Per bet, the running sums (resolved, sum, sum of squares) after each batch, in batch
    order: the convergence of the estimate (:mod:`crupier.analysis.convergence`)."""
    takes: tuple[Any, ...] = ()
    """At a circle poker table (no bet against the house), the house's take per deal at
    each table size (:class:`crupier.analysis.circle_takes.TakeResult`); ``rounds`` are
    then deals per table size."""

    def to_dict(self) -> dict[str, Any]:
        """JSON form (``crupier simulate --json``)."""
        out = {
            "game": self.game_id,
            "profile": self.profile,
            "seed": self.seed,
            "rounds": self.rounds,
            "batches": self.batches,
            "bets": [b.to_dict() for b in self.bets],
        }
        if self.takes:
            out["takes"] = [t.to_dict() for t in self.takes]
        return out


def _load(game_id: str, profile_name: str, rules: str | None) -> Any:
    from crupier.games.catalogue import load_profile

    return load_profile(game_id, profile_name, None if rules is None else Path(rules))


def _blackjack_batch(
    profile_name: str, rules: str | None, arrays: Any, seed: np.random.SeedSequence, size: int
) -> list[dict[str, BetSums]]:
    from crupier.analysis.blackjack_kernel import play_blackjack

    run = play_blackjack(_load("blackjack", profile_name, rules), arrays, size, seed)
    hands, s1, s2, wins = run.sums.tolist()
    return [{"main": BetSums(int(hands), s1, s2, int(wins))}]


def _blackjack_result(
    game_id: str,
    profile_name: str,
    rules: str | None,
    seed: int,
    rounds: int,
    results: list[Any],
) -> Simulation:
    total = BetSums()
    trace = []
    for batch_result in results:
        total.add(batch_result[0]["main"])
        trace.append((total.resolved, total.s1, total.s2))
    profile = _load(game_id, profile_name, rules)
    from crupier.games.catalogue import game_module

    main = next(c for c in game_module(game_id).par(profile) if c.bet_id == "main")
    edge = analyse(main, getattr(main, "method", "exact")).house_edge
    n = max(total.resolved, 1)
    mean = total.s1 / n
    sd = math.sqrt(max(total.s2 / n - mean * mean, 0.0))
    bet = BetResult("main", total.resolved, mean, sd, total.hits / n, edge, {})
    return Simulation(
        game_id, profile_name, seed, rounds, len(results), (bet,), {"main": tuple(trace)}
    )


def _circle_result(
    game_id: str,
    profile_name: str,
    rules: str | None,
    seed: int,
    rounds: int,
    results: list[Any],
) -> Simulation:
    from crupier.analysis.circle_takes import take_results

    totals: dict[str, BetSums] = {}
    trace: dict[str, list[tuple[int, float, float]]] = {}
    for batch_result in results:  # in batch order: the same sums whoever ran them
        for sums in batch_result:
            for take_id, s in sums.items():
                total = totals.setdefault(take_id, BetSums())
                total.add(s)
                trace.setdefault(take_id, []).append((total.resolved, total.s1, total.s2))
    takes = take_results(game_id, profile_name, rules, totals)
    return Simulation(
        game_id, profile_name, seed, rounds, len(results), (),
        {k: tuple(v) for k, v in trace.items()}, takes,
    )  # fmt: skip


def _real_pack_edges(game_id: str, profile_name: str, rules: str | None) -> dict[str, Fraction]:
    """The exact edges a real-pack kernel estimates where they are not its PAR sheet's:
    monte's bets averaged over every layout the pack can lay out."""
    if game_id != "monte":
        return {}
    from crupier.analysis.monte_kernel import exact_edges

    return exact_edges(profile_name, rules)


def _batches(rounds: int, batch: int) -> list[int]:
    full, rest = divmod(rounds, batch)
    return [batch] * full + ([rest] if rest else [])


Mapper = Callable[[Callable[..., Any], list[tuple[Any, ...]]], Iterable[Any]]


def simulate(
    game_id: str,
    rounds: int,
    seed: int = 0,
    *,
    profile_name: str = "andorra",
    rules: str | None = None,
    batch: int | None = None,
    workers: int = 1,
    cluster: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Simulate ``rounds`` outcomes of every outcome space of the game (see the module).

    ``workers`` > 1 runs the batches on a local process pool; ``cluster`` (a Dask scheduler
    address, or a :class:`distributed.Client`) on a cluster. The result depends only on the
    seed, the rounds and the batch size: ``batch`` outcomes at most (``None``:
    :data:`DEFAULT_BATCH`, or at a poker table
    :func:`~crupier.analysis.circle_takes.take_batch_size`).
    """
    if rounds < 1 or (batch is not None and batch < 1):
        raise ValueError("rounds and batch must be at least 1")
    from crupier.analysis import circle_takes

    circle = circle_takes.is_circle_game(game_id, profile_name, rules)
    if circle:  # deals through the engine: smaller batches
        circle_takes.check_raked(game_id, profile_name, rules)
        asked = circle_takes.take_batch_size(rounds) if batch is None else batch
        batch = min(asked, circle_takes.TAKE_BATCH)
    elif batch is None:
        batch = DEFAULT_BATCH
    sizes = _batches(rounds, batch)
    seeds = np.random.SeedSequence(seed).spawn(len(sizes))
    worker: Callable[..., Any] = run_batch
    tasks: list[tuple[Any, ...]] = [
        (game_id, profile_name, rules, s, n) for s, n in zip(seeds, sizes, strict=True)
    ]
    if circle:  # the house's take per deal, per table size
        worker = circle_takes.take_batch
    elif (
        game_id != "blackjack"
        and not _compiled(game_id, profile_name, rules)
        and not played_bet_ids(game_id)
    ):
        raise ValueError(
            f"{game_id} has no bet chain to compile: the players play each other (no bet "
            "against the house), or its bets are settled by a strategy the kernel does not "
            f"walk; `crupier par {game_id}` simulates it through the engine"
        )
    if game_id == "blackjack":  # a strategy, not a chain: the chart is computed once, here
        from crupier.analysis.blackjack_kernel import chart_arrays, check_supported

        profile = _load(game_id, profile_name, rules)
        check_supported(profile)
        arrays = chart_arrays(profile)
        worker = _blackjack_batch
        tasks = [(profile_name, rules, arrays, s, n) for s, n in zip(seeds, sizes, strict=True)]
    if game_id == "triple-blackjack":  # real shoes, the chart: computed once, here
        from crupier.analysis.blackjack_kernel import chart_arrays
        from crupier.analysis.triple_blackjack_kernel import rules_of, triple_batch

        profile = _load(game_id, profile_name, rules)
        rules_of(profile)  # refuses the rules the kernel does not play
        arrays = chart_arrays(profile)
        worker = triple_batch
        tasks = [(profile_name, rules, arrays, s, n) for s, n in zip(seeds, sizes, strict=True)]
    if game_id == "monte":  # real packs: the layout walked from each shuffled pack
        from crupier.analysis.monte_kernel import monte_batch

        worker = monte_batch
        tasks = [(profile_name, rules, s, n) for s, n in zip(seeds, sizes, strict=True)]
    results: list[Any] = [None] * len(tasks)
    done = 0

    def record(i: int, value: Any) -> None:
        nonlocal done
        results[i] = value
        done += 1
        if progress is not None:
            progress(done, len(tasks))

    if cluster is not None:
        from distributed import Client, as_completed

        client = cluster if isinstance(cluster, Client) else Client(cluster)  # type: ignore[no-untyped-call]
        try:
            futures = [client.submit(worker, *t, pure=False) for t in tasks]
            where = {f.key: i for i, f in enumerate(futures)}
            for future in as_completed(futures):  # type: ignore[no-untyped-call]
                record(where[future.key], future.result())
        finally:
            if not isinstance(cluster, Client):
                client.close()  # type: ignore[no-untyped-call]
    elif workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures import as_completed as done_first

        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending = {pool.submit(worker, *t): i for i, t in enumerate(tasks)}
            for future in done_first(pending):
                record(pending[future], future.result())
    else:
        for i, t in enumerate(tasks):
            record(i, worker(*t))
    if game_id == "blackjack":
        return _blackjack_result(game_id, profile_name, rules, seed, rounds, results)
    if circle:
        return _circle_result(game_id, profile_name, rules, seed, rounds, results)
    spaces = _compiled(game_id, profile_name, rules)
    exact = _real_pack_edges(game_id, profile_name, rules)
    totals: dict[str, BetSums] = {}
    trace: dict[str, list[tuple[int, float, float]]] = {}
    for batch_result in results:  # in batch order: the same sums whoever ran them
        for sums in batch_result:
            for bet_id, s in sums.items():
                total = totals.setdefault(bet_id, BetSums())
                total.add(s)
                n = total.samples or total.resolved  # deals, for a bet played both ways
                trace.setdefault(bet_id, []).append((n, total.s1, total.s2))
    bets = []
    for space in spaces:
        for bet in space.bets:
            s = totals[bet.bet_id]
            n = max(s.resolved, 1)
            mean = s.s1 / n
            var = max(s.s2 / n - mean * mean, 0.0)
            bets.append(
                BetResult(
                    bet.bet_id,
                    s.resolved,
                    mean,
                    math.sqrt(var),
                    s.hits / n,
                    exact.get(bet.bet_id, bet.exact_edge),
                    s.payouts,
                )
            )
    for played in played_bets(game_id, profile_name, rules):
        s = totals[played.bet_id]
        n = max(s.samples, 1)
        mean = s.s1 / n
        sd = math.sqrt(max(s.s2 / n - mean * mean, 0.0))
        hit = s.hits / max(s.resolved, 1)
        result = BetResult(played.bet_id, s.resolved, mean, sd, hit, played.exact_edge, s.payouts)
        bets.append(replace(result, samples=s.samples, strategy=played.strategy))
    return Simulation(
        game_id, profile_name, seed, rounds, len(sizes), tuple(bets),
        {k: tuple(v) for k, v in trace.items()},
    )  # fmt: skip
